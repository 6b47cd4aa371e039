import { builder } from '../../graphql/builder.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { requireActor } from '../../graphql/context.js';
import { type InteractionType, logInteraction } from './interactions.service.js';

const InteractionTypeEnum = describedEnum('InteractionType', 'What the caller opened.', {
  APPLICATION: 'An application, launched through one of their teams.',
  BOOKMARK: 'A bookmark, personal or of one of their teams.',
} satisfies Record<InteractionType, string>);

builder.mutationFields((t) => ({
  logInteraction: t.boolean({
    description:
      "Records that the caller opened an application (ENABLED for one of the caller's teams) or a bookmark they can see.",
    args: {
      entityId: t.arg.id({
        required: true,
        description: 'The id of the application or bookmark; NOT_FOUND if the caller cannot open it.',
      }),
      type: t.arg({
        type: InteractionTypeEnum,
        required: true,
        description: 'Whether it is an application or a bookmark.',
      }),
    },
    resolve: async (_root, { entityId, type }, context) => {
      await logInteraction(context.db, { actor: await requireActor(context), entityId, type });
      return true;
    },
  }),
}));
