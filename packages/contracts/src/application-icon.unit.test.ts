import { describe, expect, it } from 'vitest';
import { applicationIconNames, isApplicationIconName } from './application-icon.js';
import {
  applicationIconFormSchema,
  optionalApplicationIconSchema,
  unknownApplicationIconMessage,
} from './application-icon-schema.js';

describe('application icons', () => {
  it('hold the Lucide set by kebab-case name, each once, without aliases', () => {
    expect(applicationIconNames.length).toBeGreaterThan(1000);
    expect(new Set(applicationIconNames).size).toBe(applicationIconNames.length);
    expect(applicationIconNames.every((name) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name))).toBe(true);
    expect(applicationIconNames).toContain('git-branch');
    // `git-commit` is Lucide's alias of `git-commit-horizontal`: one icon, one name.
    expect(applicationIconNames).toContain('git-commit-horizontal');
    expect(applicationIconNames).not.toContain('git-commit');
  });

  it('know a name of the collection and nothing else', () => {
    expect(isApplicationIconName('git-branch')).toBe(true);
    for (const name of ['GitBranch', 'git_branch', 'git-branch ', 'no-such-icon', '', null, undefined]) {
      expect(isApplicationIconName(name)).toBe(false);
    }
  });

  it('let the form hold a name of the collection or nothing, and refuse anything else with a field message', () => {
    expect(applicationIconFormSchema.parse('git-branch')).toBe('git-branch');
    expect(applicationIconFormSchema.parse('')).toBe('');
    const unknown = applicationIconFormSchema.safeParse('rocketship');
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues.map((issue) => issue.message)).toContain(unknownApplicationIconMessage);
  });

  it('let the API clear the icon with null or empty text, store a name trimmed, and refuse an unknown one', () => {
    expect(optionalApplicationIconSchema.parse(null)).toBeNull();
    expect(optionalApplicationIconSchema.parse(undefined)).toBeUndefined();
    expect(optionalApplicationIconSchema.parse('  ')).toBeNull();
    expect(optionalApplicationIconSchema.parse(' git-fork ')).toBe('git-fork');
    const unknown = optionalApplicationIconSchema.safeParse('rocketship');
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe(unknownApplicationIconMessage);
    expect(optionalApplicationIconSchema.safeParse('x'.repeat(5000)).success).toBe(false);
  });
});
