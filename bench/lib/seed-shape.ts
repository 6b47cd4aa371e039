// What `bench:seed` creates, shared with the benchmark that looks the rows up again.

export interface SeedSizes {
  users: number;
  teams: number;
  /** Members of an ordinary team (the big team and the member user's teams get more). */
  membersPerTeam: number;
  bookmarks: number;
  applications: number;
  eventLogs: number;
  notificationsPerUser: number;
}

export const seedSizes: Record<'small' | 'large', SeedSizes> = {
  large: {
    users: 100_000,
    teams: 20_000,
    membersPerTeam: 15,
    bookmarks: 1_000_000,
    applications: 10_000,
    eventLogs: 2_000_000,
    notificationsPerUser: 5,
  },
  small: {
    users: 10_000,
    teams: 2_000,
    membersPerTeam: 15,
    bookmarks: 100_000,
    applications: 1_000,
    eventLogs: 200_000,
    notificationsPerUser: 5,
  },
};

/** The seeded people the benchmark signs in as, and the shape of their data (the same at both scales). */
export const benchUsers = {
  /** In `memberTeamCount` teams (team 1 among them), with `personalBookmarks` + teams' bookmarks on the dashboard. */
  member: { email: 'ada.lovelace@dxp-bench.example', firstName: 'Ada', lastName: 'Lovelace' },
  /** A system administrator, for the administration lists. */
  admin: { email: 'grace.hopper@dxp-bench.example', firstName: 'Grace', lastName: 'Hopper' },
  memberTeamCount: 50,
  personalBookmarks: 100,
  bookmarksPerMemberTeam: 8,
  /** Team 1 has this many members. */
  bigTeamMembers: 10_000,
} as const;
