import { useState } from 'react';
import { PAYROLL_CODE_MAX_LENGTH } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Table } from '../../../components/ui/table';
import { errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';
import { useSupportedCharities } from '../api/get-supported-charities';
import { useCharityPayrollCodes, useSetCharityPayrollCode } from '../api/charity-payroll-codes';
import styles from './workplace-payroll.module.css';

/**
 * The code the workplace's payroll system knows each supported charity by (a payee or deduction code), written in the
 * file's "Charity payroll code" column. Those who manage pay cycles set them; others read them.
 */
export function CharityPayrollCodes({ workplaceId, canManage }: { workplaceId: string; canManage: boolean }) {
  const charities = useSupportedCharities(workplaceId);
  const codes = useCharityPayrollCodes(workplaceId);
  const [notice, setNotice] = useState<string>();

  let body;
  if (!charities.isSuccess) body = <QueryStates query={charities} loading="Loading your charities" failed="We couldn’t load your charities" headingLevel={4} />;
  else if (!codes.isSuccess) body = <QueryStates query={codes} loading="Loading the payroll codes" failed="We couldn’t load the payroll codes" headingLevel={4} />;
  else if (charities.data.items.length === 0) {
    body = <EmptyState headingLevel={4} title="No supported charities yet" description="Choose your charities on the Charities screen; each can then have its payroll code." />;
  } else {
    const byCharity = new Map(codes.data.items.map((code) => [code.charityId, code.payrollCode]));
    body = (
      <Table caption="Charity payroll codes">
        <thead>
          <tr>
            <th scope="col">Charity</th>
            <th scope="col">Payroll code</th>
          </tr>
        </thead>
        <tbody>
          {charities.data.items.map((charity) => (
            <tr key={charity.charityId}>
              <RowHeader>{charity.name}</RowHeader>
              <td>
                {canManage ? (
                  <CodeForm workplaceId={workplaceId} charityId={charity.charityId} name={charity.name} saved={byCharity.get(charity.charityId) ?? ''} onSaved={setNotice} />
                ) : (
                  byCharity.get(charity.charityId) || <span className={styles.muted}>None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <Panel
      title="Charity payroll codes"
      description="The code your payroll system knows each charity by. Files whose structure has the “Charity payroll code” column carry it on each line."
    >
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {body}
    </Panel>
  );
}

function CodeForm({ workplaceId, charityId, name, saved, onSaved }: { workplaceId: string; charityId: string; name: string; saved: string; onSaved: (notice: string) => void }) {
  const [value, setValue] = useState(saved);
  const save = useSetCharityPayrollCode(workplaceId);
  const fieldError = save.isError ? fieldMessagesOf(save.error).payrollCode : undefined;
  const changed = value.trim() !== saved;
  return (
    <form
      className={styles.inlineForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return;
        save.mutate(
          { charityId, payrollCode: value },
          { onSuccess: () => onSaved(value.trim() ? `${name}’s payroll code is now ${value.trim()}.` : `${name} has no payroll code now.`) },
        );
      }}
    >
      <TextField
        label={`Payroll code for ${name}`}
        hideLabel
        autoComplete="off"
        maxLength={PAYROLL_CODE_MAX_LENGTH}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={fieldError}
      />
      <Button type="submit" size="sm" variant="secondary" loading={save.isPending} disabled={!changed} aria-label={`Save the payroll code for ${name}`}>
        Save
      </Button>
      {save.isError && !fieldError ? <FormMessage>{errorMessageOf(save.error)}</FormMessage> : null}
    </form>
  );
}
