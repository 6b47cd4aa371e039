/** "Ada Lovelace", or the email when the identity provider gave no name. */
export function fullNameOf(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
