import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  type GraphQLResolveInfo,
  Kind,
  type SelectionSetNode,
} from 'graphql';

/**
 * Whether the client's selection under the field being resolved reaches `path` (e.g. `['nodes', 'teams']`),
 * through fragments and honouring `@skip`/`@include`, so a resolver can read in its own statement what the
 * client will ask for below it.
 */
export function selectsFieldPath(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  return info.fieldNodes.some((fieldNode) => reaches(info, fieldNode.selectionSet, path));
}

function reaches(
  info: GraphQLResolveInfo,
  selectionSet: SelectionSetNode | undefined,
  path: readonly string[],
): boolean {
  if (path.length === 0) return true;
  if (!selectionSet) return false;
  const [name, ...rest] = path;
  return selectionSet.selections.some((selection) => {
    if (!isIncluded(info, selection)) return false;
    switch (selection.kind) {
      case Kind.FIELD:
        return selection.name.value === name && reaches(info, selection.selectionSet, rest);
      case Kind.INLINE_FRAGMENT:
        return reaches(info, selection.selectionSet, path);
      case Kind.FRAGMENT_SPREAD:
        return reaches(info, info.fragments[selection.name.value]?.selectionSet, path);
    }
  });
}

function isIncluded(info: GraphQLResolveInfo, node: SelectionSetNode['selections'][number]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, info.variableValues)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues)?.if !== false;
}
