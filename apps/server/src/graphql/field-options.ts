/**
 * The options of a field that exposes a timestamp of its row: `t.expose('createdAt', dateTime('When it was added.'))`.
 */
export const dateTime = (description: string) => ({ type: 'DateTime', description }) as const;

/** The same for a timestamp the row may not have (yet): `t.expose('closedAt', nullableDateTime('…; null while pending.'))`. */
export const nullableDateTime = (description: string) => ({ type: 'DateTime', nullable: true, description }) as const;

/** The options of a field its row may leave empty: `t.exposeString('payNowUrl', nullable('…, if known.'))`. */
export const nullable = (description: string) => ({ nullable: true, description }) as const;
