/** A person's name as lists show it; their e-mail when they have not given one. */
export const personName = (person: { firstName: string; lastName: string; email: string }): string => `${person.firstName} ${person.lastName}`.trim() || person.email;
