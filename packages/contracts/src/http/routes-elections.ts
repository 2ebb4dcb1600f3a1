import { IdParams } from './common.js';
import { MessageResponse } from './community-write.js';
import { ModerationTexts as T } from './moderation.js';
import {
  BallotBody,
  BallotResponse,
  CreateElectionBody,
  ElectionResponse,
  ElectionsQuery,
  ElectionsResponse,
  ElectionTexts as E,
  NominationBody,
} from './elections.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const forum = routesFor('forum');

const invalid = error('Invalid input (the first rule broken is the error text)');
const unauthenticated = error('Not signed in');
const electionMissing = error(E.notFound);
const communityMissing = error('Community not found');

/** EXTENSIONS.md §E: elections, nominations and secret approval ballots. */
export const electionRoutes = [
  forum({
    method: 'post',
    path: '/api/communities/{id}/elections',
    summary: 'Start an election (moderators, the owner, the admin); one open election at a time',
    auth: 'required',
    request: { params: IdParams, body: CreateElectionBody },
    responses: {
      201: { description: 'Started', schema: ElectionResponse },
      400: error('A phase shorter than ELECTION_MIN_PHASE_SECONDS (or invalid input)'),
      401: unauthenticated,
      403: error(T.forbidden),
      404: communityMissing,
      409: error(E.openExists),
    },
  }),
  forum({
    method: 'get',
    path: '/api/communities/{id}/elections',
    summary: "A community's elections, newest first (public; NSFW: signed in only)",
    auth: 'optional',
    request: { params: IdParams, query: ElectionsQuery },
    responses: {
      200: { description: 'A page', schema: ElectionsResponse },
      400: invalid,
      403: error('NSFW content, visitors only: Sign up to view NSFW content'),
      404: communityMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/elections/{id}',
    summary: 'An election: phase, candidates, counts; approvals and winners once closed',
    auth: 'optional',
    request: { params: IdParams },
    responses: {
      200: { description: 'The election', schema: ElectionResponse },
      403: error('NSFW content, visitors only: Sign up to view NSFW content'),
      404: electionMissing,
    },
  }),
  forum({
    method: 'post',
    path: '/api/elections/{id}/candidates',
    summary: 'Nominate yourself with a statement while nominations are open (members, not banned)',
    auth: 'required',
    request: { params: IdParams, body: NominationBody },
    responses: {
      201: { description: 'Nominated', schema: ElectionResponse },
      400: error(`${E.notNominating} (or invalid input)`),
      401: unauthenticated,
      403: error(`${E.notMember} / ${T.banned}`),
      404: electionMissing,
      409: error(E.alreadyCandidate),
    },
  }),
  forum({
    method: 'delete',
    path: '/api/elections/{id}/candidates/me',
    summary: 'Withdraw your nomination while nominations are open',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Withdrawn', schema: MessageResponse },
      400: error(E.notNominating),
      401: unauthenticated,
      404: error(`${E.notFound} / ${E.notCandidate}`),
    },
  }),
  forum({
    method: 'put',
    path: '/api/elections/{id}/ballot',
    summary: 'Cast or replace your approval ballot while voting is open (members from the start)',
    auth: 'required',
    request: { params: IdParams, body: BallotBody },
    responses: {
      200: { description: 'Your ballot now', schema: BallotResponse },
      400: error(`${E.notVoting} / ${E.unknownCandidate} (or invalid input)`),
      401: unauthenticated,
      403: error(`${E.notEligible} / ${T.banned}`),
      404: electionMissing,
    },
  }),
  forum({
    method: 'get',
    path: '/api/elections/{id}/ballot',
    summary: 'Your own ballot (null before you vote); nobody reads anyone else’s',
    auth: 'required',
    request: { params: IdParams },
    responses: {
      200: { description: 'Your ballot', schema: BallotResponse },
      401: unauthenticated,
      404: electionMissing,
    },
  }),
] as const;
