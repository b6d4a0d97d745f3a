/**
 * Call recordings on the web: the list by date range (POST /callrecording, the range sent beside the
 * table's own request), a recording, its audio's address, and the storage settings.
 */
import {
  type CallRecording,
  type CallRecordingSettingsInput,
  callRecordingRoutes,
  fillPath,
  type ListRequest,
} from '@switchboard/domain';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ifMatch } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import type { DateRange } from '../../platform/fields/url-date-range.ts';
import { type ListSource, resourceKeys } from '../../platform/resource.ts';

export const callRecordingKeys = resourceKeys('/callrecording');

/** The list's pages over `range` (UK days, inclusive). */
export function recordingSource(range: DateRange): ListSource<CallRecording> {
  return {
    key: [...callRecordingKeys.lists(), range.from, range.to],
    invalidates: [callRecordingKeys.all],
    fetch: ({ offset, limit, ...body }: ListRequest) =>
      call(callRecordingRoutes.list, {
        body: {
          ...body,
          offset,
          limit,
          ...(range.from ? { from: range.from } : {}),
          ...(range.to ? { to: range.to } : {}),
        },
      }),
  };
}

export const recordingDetail = (id: string) =>
  queryOptions({
    queryKey: callRecordingKeys.detail(id),
    queryFn: () => call(callRecordingRoutes.read, { params: { id: Number(id) } }),
    retry: false,
  });

/** The audio's address: streamed (Range) for the player, or as its file for the Download button. */
export function recordingAudioUrl(id: number, download = false): string {
  return `${API_BASE}${fillPath(callRecordingRoutes.download.path, { id })}${download ? '?download=1' : ''}`;
}

export const storageSettings = () =>
  queryOptions({
    queryKey: [...callRecordingKeys.all, 'settings'],
    queryFn: () => call(callRecordingRoutes.settings),
  });

/** Saves the settings based on the version read (a save made since is refused 409). */
export const saveStorageSettings = (body: CallRecordingSettingsInput, version: number) =>
  call(callRecordingRoutes.saveSettings, { body, headers: ifMatch(version) });
