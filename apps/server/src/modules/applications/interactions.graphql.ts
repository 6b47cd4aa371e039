import { builder } from '../../graphql/builder.js';
import { requireActor } from '../../graphql/context.js';
import { interactionTypes, logInteraction } from './interactions.service.js';

const InteractionTypeEnum = builder.enumType('InteractionType', { values: interactionTypes });

builder.mutationFields((t) => ({
  logInteraction: t.boolean({
    description:
      "Records that the caller opened an application (ENABLED for one of the caller's teams) or a bookmark they can see.",
    args: { entityId: t.arg.id({ required: true }), type: t.arg({ type: InteractionTypeEnum, required: true }) },
    resolve: async (_root, { entityId, type }, context) => {
      await logInteraction(context.db, { actor: await requireActor(context), entityId, type });
      return true;
    },
  }),
}));
