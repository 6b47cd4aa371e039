// Searching the bundled icon collection by name, for the application form's icon picker.

/** How many icons the picker shows at once; a search narrows the rest down. */
export const shownIconLimit = 96;

/** The words of a search: "Git Branch", "git-branch" and "git_branch" all mean git, branch. */
function wordsOf(search: string): string[] {
  return search
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
}

/** 0 for the exact name, 1 when the name starts with the search, 2 when one of its words does, 3 otherwise. */
function rankOf(name: string, words: string[]): number {
  const joined = words.join('-');
  if (name === joined) return 0;
  if (name.startsWith(joined)) return 1;
  return name.split('-').some((part) => part.startsWith(words[0]!)) ? 2 : 3;
}

/**
 * The names that contain every word of `search`, the closest first (exact, then starting with it, then a word
 * starting with it), otherwise in the collection's order; at most `limit` of them, and how many matched.
 */
export function searchIconNames(
  names: readonly string[],
  search: string,
  limit = shownIconLimit,
): { names: string[]; matchCount: number } {
  const words = wordsOf(search);
  if (words.length === 0) return { names: names.slice(0, limit), matchCount: names.length };
  const matches = names.filter((name) => words.every((word) => name.includes(word)));
  const ranked = matches
    .map((name, index) => ({ name, index, rank: rankOf(name, words) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  return { names: ranked.slice(0, limit).map(({ name }) => name), matchCount: matches.length };
}
