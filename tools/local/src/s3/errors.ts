/** An S3 error: its code and message go into S3's XML error body, its status onto the response. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const noSuchBucket = (bucket: string) => new S3Error('NoSuchBucket', 404, 'The specified bucket does not exist', { BucketName: bucket });
export const noSuchKey = (key: string) => new S3Error('NoSuchKey', 404, 'The specified key does not exist.', { Key: key });
