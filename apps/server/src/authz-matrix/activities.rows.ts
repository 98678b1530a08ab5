import { multipartForm, TINY_PNG } from '../../test/multipart';
import type { Row } from './matrix';
import { everyone, signedIn } from './personas';

/** Activities, their responses and uploaded files. */
export const activitiesRows: Record<string, Row> = {
  'POST /api/v1/activities/activities/': { allow: ['staff'], payload: () => ({ title: 'A', blocks: [] }) },
  'PATCH /api/v1/activities/activities/:activityId/': { allow: ['staff'], payload: () => ({ title: 'B', version: 1 }) },
  'GET /api/v1/activities/activities/': { allow: ['staff'] },
  'GET /api/v1/activities/activities/:activityId/activity_responses/': { allow: ['staff'] },
  'POST /api/v1/activities/images/': {
    allow: ['staff'],
    multipart: () => multipartForm({}, { name: 'diagram.png', content: TINY_PNG }),
  },
  'GET /api/v1/activities/activities/:activityId/': { allow: signedIn },
  // Teachers read a student's response with ?profile_id= (not sent here).
  'GET /api/v1/activities/activities/:activityId/classes/:classId/response/': { allow: ['student'] },
  // Content staff may look at any class, as on the progress pages.
  'GET /api/v1/activities/activities/:activityId/classes/:classId/responses/': { allow: ['teacher', 'staff'] },
  'PUT /api/v1/activities/activities/:activityId/classes/:classId/response/': {
    allow: ['student'],
    payload: () => ({ block_responses: {}, version: 0 }),
  },
  // Without a file the owner gets 400; everyone else is refused first.
  'POST /api/v1/activities/activity_responses/:activityResponseId/block/:blockId/upload-file/': {
    allow: ['student'],
  },
  'GET /api/v1/activities/activity_responses/:activityResponseId/block/:blockId/file-url/': {
    allow: ['student', 'teacher', 'staff'],
  },
  'POST /api/v1/asset_upload_form/': {
    allow: signedIn,
    payload: () => ({ key: 'media/assets/drawing-input-field/abcd1234.png', content_type: 'image/png' }),
  },
  'POST /api/v1/activities/drawing-assets/': {
    allow: signedIn,
    multipart: () => multipartForm({ assetId: 'abcd1234' }, { name: 'drawing.png', content: TINY_PNG }),
  },
  // The local presigned-POST receiver: its signed policy is the authorisation (tested in activities.test.ts).
  'POST /media-upload/': { allow: everyone },
  // Last of the activity rows: it deletes the fixture's response.
  'DELETE /api/v1/activities/activities/:activityId/activity_responses/': { allow: ['staff'] },
};
