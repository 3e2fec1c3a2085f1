import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { personName } from '../../../components/ui/person-name';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { useWorkplace } from '../api/get-workplace';
import { useWorkplaceMembers } from '../api/get-workplace-members';
import styles from './workplace-vouchers.module.css';

/** The people an order adds: an e-mail and, when the member gave one, a name. */
export type AddPeople = (people: readonly { email: string; name?: string }[]) => { added: number; already: number };

/** The choice for everyone, and for members in no business unit. */
const EVERYONE = 'everyone';
const NO_UNIT = 'no-unit';

const peopleWord = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * Adds the workplace's own people to an order: everyone, or a business unit's members (with the members permission,
 * which reads them). People already in the list are left as they are.
 */
export function PeopleFromWorkplace({ workplaceId, add }: { workplaceId: string; add: AddPeople }) {
  const members = useWorkplaceMembers(workplaceId);
  const workplace = useWorkplace(workplaceId);
  const [choice, setChoice] = useState(EVERYONE);
  const [said, setSaid] = useState<string>();

  if (members.isPending) return <Spinner size="sm" label="Loading your members" />;
  if (members.isError) return <FormMessage>{`We couldn’t load your members: ${errorMessageOf(members.error)}`}</FormMessage>;

  const units = workplace.data?.businessUnits ?? [];
  const all = members.data.items;
  // Members whose unit is none of the workplace's (none given, or since removed) are a group of their own.
  const known = new Set(units.map((unit) => unit.id));
  const unitless = all.filter((member) => !member.businessUnitId || !known.has(member.businessUnitId));
  const groups = [
    { value: EVERYONE, name: 'Everyone', members: all },
    ...units.map((unit) => ({ value: unit.id, name: unit.name, members: all.filter((member) => member.businessUnitId === unit.id) })),
    ...(unitless.length > 0 ? [{ value: NO_UNIT, name: 'No business unit', members: unitless }] : []),
  ];
  const chosen = groups.find((group) => group.value === choice) ?? groups[0]!;

  const addChosen = () => {
    const people = chosen.members.map((member) => {
      const name = personName({ ...member, email: '' });
      return { email: member.email, ...(name ? { name } : {}) };
    });
    const { added, already } = add(people);
    const from = chosen.value === EVERYONE ? 'your workplace' : chosen.name;
    if (people.length === 0) setSaid(`No one is in ${from}.`);
    else if (added === 0) setSaid(`Everyone in ${from} is already in the list.`);
    else setSaid(already > 0 ? `Added ${peopleWord(added)} from ${from}; ${peopleWord(already)} already in the list.` : `Added ${peopleWord(added)} from ${from}.`);
  };

  return (
    <div className={styles.fromWorkplace}>
      <SelectField
        label="Add from your workplace"
        value={chosen.value}
        onChange={(event) => {
          setChoice(event.target.value);
          setSaid(undefined);
        }}
        options={groups.map((group) => ({ value: group.value, label: `${group.name} (${peopleWord(group.members.length)})` }))}
      />
      <Button variant="secondary" size="sm" className={styles.fromWorkplaceButton} onClick={addChosen}>
        Add<span className="visually-hidden"> {chosen.value === EVERYONE ? 'everyone' : chosen.name}</span>
      </Button>
      {said ? (
        <p role="status" className={styles.said}>
          {said}
        </p>
      ) : null}
    </div>
  );
}
