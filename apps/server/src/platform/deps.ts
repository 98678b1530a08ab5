import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db';

/** What the features are built from; tests pass their own database and clock. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  /** Signing secret for CSRF tokens. */
  secret: string;
}
