import type { ComponentProps, ReactNode } from 'react';
import { Panel, ScreenHeader } from './panel';
import { QueryStates, type LoadingQuery } from './query-states';
import styles from './console-page.module.css';

/** A console screen: its header and sections stacked with room between them. */
export function ConsoleScreen({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

/** What QueryScreen needs of a query (a TanStack Query result fits): its data once it has succeeded. */
export type LoadedQuery<Data> = LoadingQuery & ({ isSuccess: true; data: Data } | { isSuccess: false });

export interface QueryScreenProps<Data> {
  /** The screen's header, shown in every state. */
  header: ReactNode;
  query: LoadedQuery<Data>;
  /** Said while the data loads, e.g. 'Loading your settings'. */
  loading: string;
  /** The heading when loading failed, e.g. 'We couldn’t load your settings'. */
  failed: string;
  /** The screen's sections once the data has loaded. */
  children: (data: Data) => ReactNode;
}

/** A console screen that needs one query's data: its header, then a spinner, the failure, or the sections. */
export function QueryScreen<Data>({ header, query, loading, failed, children }: QueryScreenProps<Data>) {
  if (!query.isSuccess) {
    return (
      <>
        {header}
        <QueryStates query={query} loading={loading} failed={failed} />
      </>
    );
  }
  return (
    <ConsoleScreen>
      {header}
      {children(query.data)}
    </ConsoleScreen>
  );
}

/** A data table's row header cell, showing the row's name in bold. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={styles.name}>
      {children}
    </th>
  );
}

/** A form whose fields, messages and actions stack one under another. */
export function StackedForm(props: Omit<ComponentProps<'form'>, 'className'>) {
  return <form className={styles.form} {...props} />;
}

/** A short form on one row on wide screens: a wide field, a narrow one, and its button. */
export function InlineForm(props: Omit<ComponentProps<'form'>, 'className'>) {
  return <form className={styles.inlineForm} {...props} />;
}

/** A form's fields, disabled as a whole for members who may only look. */
export function EditableFieldset({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} className={styles.fieldset}>
      {children}
    </fieldset>
  );
}

/** A grid of links to a console's common tasks. */
export function QuickLinks({ children }: { children: ReactNode }) {
  return <ul className={styles.links}>{children}</ul>;
}

/** A console's help screen: its topics, then how to reach the team by e-mail. */
export function HelpScreen({ description, email, contactLead, children }: { description: string; email: string; contactLead: string; children: ReactNode }) {
  return (
    <ConsoleScreen>
      <ScreenHeader title="Help" description={description} />
      <Panel>
        <div className={styles.help}>
          {children}
          <h3>Contact us</h3>
          <p>
            {contactLead} E-mail <a href={`mailto:${email}`}>{email}</a> and we’ll get back to you within two working days.
          </p>
        </div>
      </Panel>
    </ConsoleScreen>
  );
}

/** Quiet text: notes such as 'No business units yet.' */
export const mutedText = styles.muted ?? '';

/** A list whose items stack one under another, without bullets. */
export const stackedList = styles.list ?? '';

/** Bold text for a row's name when it is not the whole cell. */
export const nameText = styles.name ?? '';
