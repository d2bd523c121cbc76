import {
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  type DynamicModule,
} from '@nestjs/common';
import { DB, type DatabaseHandle, type Db, type Tx } from './database.js';

export const DB_HANDLE = Symbol('DB_HANDLE');

/** Runs a unit of work in one transaction; services use it without touching the query builder. */
@Injectable()
export class TransactionRunner {
  constructor(@Inject(DB) private readonly db: Db) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {}
  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forHandle(handle: DatabaseHandle): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DB_HANDLE, useValue: handle },
        { provide: DB, useValue: handle.db },
        TransactionRunner,
        DatabaseCloser,
      ],
      exports: [DB, DB_HANDLE, TransactionRunner],
    };
  }
}
