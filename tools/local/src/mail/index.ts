export { startMailOutbox, type MailOutboxOptions, type RunningMailOutbox } from './server';
export { Outbox, bareAddress, type OutboxMessage } from './outbox';
