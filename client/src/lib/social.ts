import type { BlockList, FriendsList, ReportReason } from '@progressive-chess/shared';
import { api, type ApiResult } from './api.js';

/** Friends, blocks and reports over HTTP (signed-in accounts: README, *Friends, blocks, reports*). */

export const friendsList = (): Promise<ApiResult<FriendsList>> => api<FriendsList>('/api/social/follows');
export const blockList = (): Promise<ApiResult<BlockList>> => api<BlockList>('/api/social/blocks');

export const follow = (username: string, on: boolean): Promise<ApiResult<FriendsList>> =>
  api<FriendsList>(`/api/social/${on ? 'follow' : 'unfollow'}`, { username });
export const block = (username: string, on: boolean): Promise<ApiResult<BlockList>> =>
  api<BlockList>(`/api/social/${on ? 'block' : 'unblock'}`, { username });

export const report = (p: { username: string; reason: ReportReason; text: string; gameId?: string }): Promise<ApiResult<object>> =>
  api<object>('/api/reports', { username: p.username, reason: p.reason, ...(p.text.trim() === '' ? {} : { text: p.text }), ...(p.gameId ? { gameId: p.gameId } : {}) });

/** How often the friends list is asked again while shown (the server counts who is online every 5 s). */
export const FRIENDS_REFRESH_MS = 15_000;
