import { FailureReason } from '@banksia/contracts/errors';
import { rosterDatasetSchema, type RosterDataset } from '@banksia/contracts/rosters';
import { RequestFailure } from '../../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, isCsrfFailure, refreshCsrfToken } from '../../../../lib/csrf';
import { readJsonBody } from '../../../../lib/json-body';
import { urlFor } from '../../../../lib/named-routes';

export interface UploadInput {
  source: string;
  schoolId: number;
  year: number;
  files: File[];
}

/**
 * POST /api/v1/rosters/datasets/ with the files and fields, reporting the share of bytes sent (0 to 1). The request
 * helper sends only JSON and cannot report progress, so this uses XMLHttpRequest with the helper's CSRF handling
 * (a refused token is fetched again and the upload sent once more).
 */
export async function uploadRoster(input: UploadInput, onProgress: (fraction: number) => void): Promise<RosterDataset> {
  let token = getCsrfToken() ?? (await refreshCsrfToken());
  for (let resent = false; ; resent = true) {
    const { status, body } = await send(input, token, onProgress);
    if (status === null) throw new RequestFailure(FailureReason.NETWORK_ERROR, null, null);
    if (status >= 200 && status < 300) return rosterDatasetSchema.parse(body);
    if (!resent && isCsrfFailure(status, body)) {
      token = await refreshCsrfToken();
      continue;
    }
    const reason =
      status === 400 || status === 413
        ? FailureReason.BAD_REQUEST
        : status === 401 || status === 403
          ? FailureReason.UNAUTHORIZED_ERROR
          : FailureReason.SYSTEM_ERROR;
    throw new RequestFailure(reason, status, body);
  }
}

function send(input: UploadInput, token: string | null, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number | null; body: unknown }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlFor('api:roster-datasets'));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      void readJsonBody(new Response(xhr.responseText)).then(
        ({ value }) => resolve({ status: xhr.status, body: value }),
        () => resolve({ status: xhr.status, body: null }),
      );
    };
    xhr.onerror = () => resolve({ status: null, body: null });
    const form = new FormData();
    form.append('source', input.source);
    form.append('school_id', String(input.schoolId));
    form.append('calendar_year', String(input.year));
    for (const file of input.files) form.append('file', file, file.name);
    xhr.send(form);
  });
}
