import { startLocalS3 } from '../../packages/server/tests/_local-s3';

/**
 * A local S3-compatible server (s3rver) in a process of its own, so the benchmarks never run it on
 * the measured server's event loop, as a real bucket is on other machines. Answers its settings
 * once listening; closes when its parent disconnects.
 */
const s3 = await startLocalS3('tertulia-bench');
process.send!({ settings: s3.settings(), env: s3.env('bench/') });
process.on('disconnect', () => {
  void s3.close().then(() => process.exit(0));
});
