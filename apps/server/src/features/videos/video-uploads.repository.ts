import { eq, sql } from 'drizzle-orm';
import { videos, videoUploads } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

/** SQL of video uploads in progress, and of the video rows a finished upload makes or changes. */

export type UploadRow = typeof videoUploads.$inferSelect;
export type NewUpload = typeof videoUploads.$inferInsert;

/** The upload, locked for the rest of the transaction when `forUpdate`. */
export async function findUpload(db: Executor, uploadId: string, forUpdate = false): Promise<UploadRow | undefined> {
  const query = db.select().from(videoUploads).where(eq(videoUploads.id, uploadId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertUpload(db: Executor, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(videoUploads).values(values).returning();
  return row!;
}

/** Deletes the upload's row; answers it, or nothing when another request deleted it first. */
export async function deleteUpload(db: Executor, uploadId: string): Promise<UploadRow | undefined> {
  const [ended] = await db.delete(videoUploads).where(eq(videoUploads.id, uploadId)).returning();
  return ended;
}

export async function setReceivedBytes(db: Executor, uploadId: string, received: number): Promise<void> {
  await db.update(videoUploads).set({ receivedBytes: received }).where(eq(videoUploads.id, uploadId));
}

/** Deletes the uploads started before `before`, answering their rows. */
export async function deleteUploadsStartedBefore(db: Executor, before: Date): Promise<UploadRow[]> {
  return db
    .delete(videoUploads)
    .where(sql`${videoUploads.createdAt} < ${before}`)
    .returning();
}

/** The stored file a finished upload gives its video. */
export type VideoFile = {
  kind: 'file';
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  fileName: string;
  duration: number;
  updatedAt: Date;
};

export async function setVideoFile(db: Executor, videoId: number, file: VideoFile): Promise<void> {
  await db.update(videos).set(file).where(eq(videos.id, videoId));
}

export async function insertFileVideo(db: Executor, file: VideoFile, title: string, createdAt: Date): Promise<number> {
  const [made] = await db
    .insert(videos)
    .values({ ...file, title, createdAt })
    .returning({ id: videos.id });
  return made!.id;
}

/** Whether any video's file has this storage key. */
export async function videoHasStorageKey(db: Executor, key: string): Promise<boolean> {
  const [used] = await db.select({ id: videos.id }).from(videos).where(eq(videos.storageKey, key));
  return used !== undefined;
}
