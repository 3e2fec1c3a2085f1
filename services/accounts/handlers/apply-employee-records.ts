import { EmployeeRecordsImported } from '@giving/shared/events/workplace';
import { documentClient } from '@giving/shared/lambda/aws';
import { queueConsumer } from '@giving/shared/lambda/queue';
import { accountsTable } from '../adapters';
import { dynamoEmploymentRecords } from '../adapters/dynamo-employment-records';
import { applyEmployeeRecords } from '../domain/employment-records';

/** EmployeeRecordsImported -> the workplace members' employment records (employee number, type, unit, dates). */
export const handler = queueConsumer({ events: [EmployeeRecordsImported] }, async (envelope, { log }) => {
  const outcome = await applyEmployeeRecords({ records: dynamoEmploymentRecords(documentClient(), accountsTable()) }, envelope.data);
  log.info('employee records applied', { workplaceId: envelope.data.workplaceId, fileId: envelope.data.fileId, ...outcome });
});
