/** How people are named on screen: avatars' initials and full names. */

/** Two-letter initials of a person: "Jordan Avery" -> "JA". */
export function initialsOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
}

/** "Jordan Avery". */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}
