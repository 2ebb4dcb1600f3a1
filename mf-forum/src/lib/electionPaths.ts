import { communityPath } from './communityModeration';

export const electionsPath = (communityName: string) => `${communityPath(communityName)}/elections`;
export const electionPath = (communityName: string, id: string) =>
  `${electionsPath(communityName)}/${encodeURIComponent(id)}`;
