import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db';
import type { Jobs } from './jobs';

/** What the features are built from; tests pass their own database and clock. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  /** Signing secret for CSRF tokens. */
  secret: string;
  /** Background jobs (ADR 006): enqueue, and the staff view of the queues. */
  jobs: Jobs;
}
