import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EventPublisher } from '../events';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered, type PersonalDataService } from '../events/privacy';
import { ENV } from '../manifest';
import { DATASET_NAME, partKey, type ErasedDataset, type PersonalDataPart, type PersonalDataset } from '../personal-data';
import { s3Client } from '../s3-media';
import { requireEnv } from './env';
import { eventBridgePublisher } from './publisher';
import { queueConsumer, type QueueHandler } from './queue';

/** The private personal-data bucket (functions whose access has personalData). */
export interface PersonalDataStore {
  putPart(part: PersonalDataPart): Promise<string>;
  getPart(key: string): Promise<PersonalDataPart | undefined>;
  putArchive(key: string, bytes: Uint8Array): Promise<void>;
  getArchive(key: string): Promise<Uint8Array | undefined>;
  /** A short-lived address that downloads the object as `fileName`. */
  downloadUrl(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

export function s3PersonalDataStore(client: S3Client, bucket: string): PersonalDataStore {
  return {
    async putPart(part) {
      const key = partKey(part.memberId, part.exportId, part.service);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(part), ContentType: 'application/json' }));
      return key;
    },
    async getPart(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const text = await result.Body?.transformToString('utf-8');
        return text === undefined ? undefined : (JSON.parse(text) as PersonalDataPart);
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string })?.name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async putArchive(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/zip' }));
    },
    async getArchive(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string })?.name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    downloadUrl: (key, fileName, expiresInSeconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"` }), {
        expiresIn: expiresInSeconds,
      }),
  };
}

let bucketStore: PersonalDataStore | undefined;
/** The bucket named by PERSONAL_DATA_BUCKET_NAME (set for functions whose access has personalData). */
export const personalDataStore = () => (bucketStore ??= s3PersonalDataStore(s3Client(), requireEnv(ENV.personalDataBucket)));

let publisher: EventPublisher | undefined;
const events = () => (publisher ??= eventBridgePublisher());

export interface MemberRequest {
  readonly memberId: string;
  /** Lower case. */
  readonly email: string;
}

/**
 * The subscription every personal-data service has for "Download my data": `collect` reads what the service holds
 * about the member (its own table only) and the part goes to the personal-data bucket; then PersonalDataGathered
 * tells accounts. A redelivery writes the same part again and announces it with the same event id.
 * Its manifest entry: pattern PersonalDataExportRequested, access { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.<service>] }.
 */
export function personalDataGatherer(
  service: PersonalDataService,
  collect: (member: MemberRequest) => Promise<readonly PersonalDataset[]>,
  deps: { store?: () => PersonalDataStore; events?: () => EventPublisher; now?: () => Date } = {},
): QueueHandler {
  return queueConsumer({ events: [PersonalDataExportRequested] }, async ({ data }, { log }) => {
    const datasets = await collect({ memberId: data.memberId, email: data.email.toLowerCase() });
    for (const dataset of datasets) if (!DATASET_NAME.test(dataset.name)) throw new Error(`data set name ${JSON.stringify(dataset.name)} is not file-name safe`);
    const part: PersonalDataPart = { service, exportId: data.exportId, memberId: data.memberId, gatheredAt: (deps.now?.() ?? new Date()).toISOString(), datasets };
    const key = await (deps.store ?? personalDataStore)().putPart(part);
    await (deps.events ?? events)().publish(
      PersonalDataGathered[service],
      { exportId: data.exportId, memberId: data.memberId, service, key, datasets: datasets.map((d) => ({ name: d.name, rows: d.rows.length })) },
      { id: `${data.exportId}#${service}` },
    );
    log.info('personal data gathered', { exportId: data.exportId, datasets: datasets.length });
  });
}

/**
 * The subscription every personal-data service has for "Delete my account": `erase` deletes what the service holds
 * about the member, or removes their identity from what must stay (it must be safe to run twice: a redelivery does),
 * then PersonalDataErased tells accounts what was done.
 * Its manifest entry: pattern MemberErasureRequested, access { table: 'readWrite', publishes: [PersonalDataErased.<service>] }.
 */
export function personalDataEraser(
  service: PersonalDataService,
  erase: (member: MemberRequest) => Promise<readonly ErasedDataset[]>,
  deps: { events?: () => EventPublisher } = {},
): QueueHandler {
  return queueConsumer({ events: [MemberErasureRequested] }, async ({ data }, { log }) => {
    const datasets = await erase({ memberId: data.memberId, email: data.email.toLowerCase() });
    await (deps.events ?? events)().publish(
      PersonalDataErased[service],
      { erasureId: data.erasureId, memberId: data.memberId, service, datasets: datasets.map((d) => ({ name: d.name, erased: d.erased, anonymised: d.anonymised })) },
      { id: `${data.erasureId}#${service}` },
    );
    log.info('personal data erased', { erasureId: data.erasureId, datasets: datasets.length });
  });
}
