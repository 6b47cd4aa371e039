import type { Actor } from '../auth/actor.js';
import { type GraphqlContext, requireActor } from './context.js';

/**
 * The resolver of a field whose whole work is one service function, called as the signed-in actor with the field's
 * input argument: `resolve: serviceWithInput(createTeam)`, or `serviceWithInput(updateUser, 'userInput')` where the
 * argument has another name.
 */
export function serviceWithInput<Input, Result, ArgumentName extends string = 'input'>(
  service: (db: GraphqlContext['db'], options: { actor: Actor; input: Input }) => Promise<Result>,
  argumentName: ArgumentName = 'input' as ArgumentName,
) {
  return async (_root: unknown, args: Record<ArgumentName, Input>, context: GraphqlContext): Promise<Result> =>
    service(context.db, { actor: await requireActor(context), input: args[argumentName] });
}
