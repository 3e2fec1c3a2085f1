const LABELS: Readonly<Record<string, string>> = {
  'Charity.Admin': 'an admin',
  'Charity.Member': 'a member',
  'WorkplaceGiver.Employee': 'an employee',
  'WorkplaceGiver.Admin': 'an admin',
  'WorkplaceGiver.ContentAdmin': 'a content admin',
};

/** A role as a sentence says it: 'invited you to join as an admin'. */
export const roleLabel = (role: string): string => LABELS[role] ?? role;
