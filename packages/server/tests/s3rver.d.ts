// s3rver ships no types: the little the tests use of it (tests/_local-s3.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
