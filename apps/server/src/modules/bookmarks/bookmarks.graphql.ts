import { nameMaxLength } from '@dxp/contracts/text';
import { webAddressMaxLength } from '@dxp/contracts/web-address';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import { teamManagers } from '../teams/team-access.js';
import { teamListAccess } from '../teams/team-list-access.graphql.js';
import {
  bookmarkList,
  type BookmarkNode,
  deleteBookmark,
  findBookmarkForActor,
  listMyBookmarks,
  listTeamBookmarks,
  saveBookmark,
} from './bookmarks.service.js';

export const BookmarkType = builder.objectRef<BookmarkNode>('Bookmark').implement({
  description: "A link kept by a person for themselves, or by a team's managers for its members.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The bookmark's id." }),
    url: t.exposeString('url', { description: 'Where it leads; always http(s).' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    logoUrl: t.exposeString('logoUrl', nullable('Its logo, if given; always http(s).')),
    teamFriendlyId: t.exposeString('teamFriendlyId', nullable('null for a personal bookmark.')),
    createdAt: t.expose('createdAt', dateTime('When it was added.')),
  }),
});

const bookmarkListArguments = listArgumentsOf('Bookmark', bookmarkList);

const teamBookmarksAccess = teamListAccess('members');

builder.queryFields((t) => ({
  myBookmarks: t.connection(
    {
      type: BookmarkType,
      description: "The caller's personal bookmarks, by name unless ordered otherwise.",
      args: bookmarkListArguments('Which bookmarks to list.'),
      resolve: async (_root, { where, order, ...page }, context, info) =>
        listMyBookmarks(context.db, {
          actor: await requireActor(context),
          where,
          order,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('myBookmarks'),
  ),
  bookmark: t.field({
    type: BookmarkType,
    description:
      "One bookmark: the caller's personal one, or one of a team the caller belongs to (any team for a system admin). NOT_FOUND otherwise.",
    args: { id: t.arg.id({ required: true, description: "The bookmark's id." }) },
    resolve: async (_root, { id }, context) =>
      findBookmarkForActor(context.db, { actor: await requireActor(context), bookmarkId: id }),
  }),
  teamBookmarks: t.connection(
    {
      type: BookmarkType,
      description: "A team's bookmarks, by name unless ordered otherwise.",
      args: {
        ...teamBookmarksAccess.args,
        ...bookmarkListArguments('Which bookmarks to list.'),
      },
      authScopes: teamBookmarksAccess.authScopes,
      resolve: async (_root, { teamFriendlyId, where, order, ...page }, context, info) =>
        listTeamBookmarks(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          where,
          order,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('teamBookmarks'),
  ),
}));

const AddOrUpdateBookmarkInput = builder.inputType('AddOrUpdateBookmarkInput', {
  description: 'A new bookmark, or the new values of an existing one.',
  fields: (t) => ({
    id: t.id({ description: 'Set to update an existing bookmark.' }),
    url: t.string({
      required: true,
      description: `Where it leads: http:// or https:// only, at most ${webAddressMaxLength} characters.`,
    }),
    name: t.string({ required: true, description: `Its name: 1 to ${nameMaxLength} characters.` }),
    logoUrl: t.string({
      description: `Its logo: http:// or https:// only, at most ${webAddressMaxLength} characters; null for none.`,
    }),
    teamFriendlyId: t.string({ description: 'Set for a team bookmark; leave out for a personal one.' }),
  }),
});

builder.mutationFields((t) => ({
  addOrUpdateBookmark: t.field({
    type: BookmarkType,
    description: 'Personal bookmarks for anyone signed in; team bookmarks for team admins, owners and system admins.',
    args: { input: t.arg({ type: AddOrUpdateBookmarkInput, required: true, description: 'The bookmark.' }) },
    authScopes: (_root, { input }) =>
      input.teamFriendlyId
        ? { teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }
        : { authenticated: true },
    resolve: serviceWithInput(saveBookmark),
  }),
  deleteBookmark: t.boolean({
    description: 'The bookmark’s owner, or for a team bookmark its team’s admins and owner, or a system admin.',
    args: { bookmarkId: t.arg.id({ required: true, description: "The bookmark's id." }) },
    resolve: async (_root, { bookmarkId }, context) => {
      await deleteBookmark(context.db, { actor: await requireActor(context), bookmarkId });
      return true;
    },
  }),
}));
