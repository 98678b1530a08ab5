/** The video library and captions API (content staff). Every write refreshes everything under ['videos']. */
import type { captionTrackResponse } from '@banksia/contracts/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '../../../lib/request';

/** A mutation that refreshes the library's queries (and the staff home's counts) when it succeeds. */
export function useVideoWrite<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['videos'] });
      await queryClient.invalidateQueries({ queryKey: ['authoring', 'overview'] });
    },
  });
}

export type TrackAnswer = Answer<typeof captionTrackResponse>;
