// The dashboard gathers what other modules own (teams, bookmarks, applications), so it sits above them all and
// none of them imports it.
import { builder } from '../../graphql/builder.js';
import { requireActor } from '../../graphql/context.js';
import { HomepageApplicationType } from '../applications/applications.graphql.js';
import { listHomepageApplications } from '../applications/applications.service.js';
import { BookmarkType } from '../bookmarks/bookmarks.graphql.js';
import { type BookmarkNode, listHomepageBookmarks } from '../bookmarks/bookmarks.service.js';
import { UserTeamType } from '../teams/teams.graphql.js';
import { listMyTeams, type UserTeam } from '../teams/teams.service.js';

const HomepageType = builder.objectRef<{ teams: UserTeam[]; bookmarks: BookmarkNode[] }>('Homepage').implement({
  description: "What the caller's dashboard shows.",
  fields: (t) => ({
    teams: t.expose('teams', {
      type: [UserTeamType],
      description: "The caller's teams with their role, by name; disabled ones only for system administrators.",
    }),
    bookmarks: t.expose('bookmarks', {
      type: [BookmarkType],
      description: 'Personal bookmarks first, then team bookmarks.',
    }),
    applications: t.field({
      type: [HomepageApplicationType],
      description: "ENABLED applications of the caller's enabled teams, by team name, then application name.",
      resolve: async (_homepage, _args, context) =>
        listHomepageApplications(context.db, { actor: await requireActor(context) }),
    }),
  }),
});

builder.queryField('myHomepage', (t) =>
  t.field({
    type: HomepageType,
    description: "The dashboard: the caller's teams with their role, and their personal and team bookmarks.",
    resolve: async (_root, _args, context) => {
      const actor = await requireActor(context);
      const [teams, bookmarks] = await Promise.all([
        listMyTeams(context.db, { actor }),
        listHomepageBookmarks(context.db, { actor }),
      ]);
      return { teams, bookmarks };
    },
  }),
);
