import type {
  AdminUserItem,
  CurrentUser,
  EstateProfile,
  EstateSize,
  Gender,
  Language,
  PrimaryIndustry,
  Region,
  Role,
  WorkerProfile,
} from '@moba/contracts';

/** A single-use link token: only its SHA-256 is stored. */
export interface LinkToken {
  hash: string;
  expiresAt: string;
}

export interface WorkerData {
  availabilityMonths: number[];
  skills: string;
  /** Crops the worker works with (spec §3 "culture"); absent on accounts made before it existed. */
  cultures?: string[];
  groupLeader: boolean;
  groupSize: number;
  transportOrganised: boolean;
  willingToTravel: boolean;
}

export interface EstateData {
  name: string;
  bpg: string;
  pib?: string;
  primaryIndustry: PrimaryIndustry;
  cultureTypes: string[];
  size: EstateSize;
  description: string;
  /** An admin checked BPG and PIB against the public registry (revocable); the note says what. */
  verified?: boolean;
  verificationNote?: string;
  verificationChangedAt?: string;
}

/** The one document per account. Secrets (hash, link hashes, failures) never leave the service. */
export interface UserDoc {
  _id: string;
  role: Role;
  email: string;
  passwordHash: string;
  /** E.164; absent for admins. */
  phone?: string;
  phoneCountry?: Region;
  firstName: string;
  lastName: string;
  fullName: string;
  dateOfBirth?: string;
  gender?: Gender;
  region?: Region;
  language: Language;
  municipality?: string;
  worker?: WorkerData;
  estate?: EstateData;
  emailVerified: boolean;
  tokenVersion: number;
  banned: boolean;
  banReason?: string;
  bannedAt?: string;
  dontShowGuidance: boolean;
  photoFile?: string;
  /** Lower-case display name, for sorting the admin list by name. */
  nameKey: string;
  registeredAt: string;
  updatedAt: string;
  emailLink?: LinkToken;
  resetLink?: LinkToken;
  /** ISO times of recent failed logins (pruned to the window). */
  failedLogins: string[];
  /** Sessions logged out, until their tokens expire (log-out/log-out.ts). */
  endedSessions?: { sessionId: string; until: string }[];
}

export const PHOTO_URL_PREFIX = '/api/photos/';
export const photoUrlOf = (user: Pick<UserDoc, 'photoFile'>) =>
  user.photoFile ? `${PHOTO_URL_PREFIX}${user.photoFile}` : null;

/** What the admin list and the events call the user's name: the estate's name for estates. */
export const displayNameOf = (user: UserDoc) =>
  user.role === 'Estate' && user.estate ? user.estate.name : user.fullName;

function profileBase(user: UserDoc) {
  return {
    id: user._id,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    phone: user.phone ?? '',
    phoneCountry: user.phoneCountry ?? 'RS',
    dateOfBirth: user.dateOfBirth ?? '',
    gender: user.gender ?? 'other',
    region: user.region ?? 'RS',
    language: user.language,
    photoUrl: photoUrlOf(user),
    dontShowGuidance: user.dontShowGuidance,
    registeredAt: user.registeredAt,
  };
}

/** GET /users/me: the signed-in account of any role. */
export function toCurrentUser(user: UserDoc): CurrentUser {
  return {
    id: user._id,
    role: user.role,
    email: user.email,
    fullName: user.fullName,
    language: user.language,
    dontShowGuidance: user.dontShowGuidance,
  };
}

export function toWorkerProfile(user: UserDoc): WorkerProfile {
  const w = user.worker!;
  return {
    ...profileBase(user),
    municipality: user.municipality ?? null,
    availabilityMonths: w.availabilityMonths,
    skills: w.skills,
    cultures: w.cultures ?? [],
    groupLeader: w.groupLeader,
    groupSize: w.groupSize,
    transportOrganised: w.transportOrganised,
    willingToTravel: w.willingToTravel,
  };
}

export function toEstateProfile(user: UserDoc): EstateProfile {
  const e = user.estate!;
  return {
    ...profileBase(user),
    estateName: e.name,
    municipality: user.municipality ?? '',
    bpg: e.bpg,
    pib: e.pib ?? null,
    primaryIndustry: e.primaryIndustry,
    cultureTypes: e.cultureTypes,
    size: e.size,
    description: e.description,
    verified: e.verified === true,
  };
}

export function toAdminUserItem(user: UserDoc): AdminUserItem {
  return {
    id: user._id,
    userType: user.role === 'Estate' ? 'Estate' : 'Worker',
    name: displayNameOf(user),
    email: user.email,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    skills: user.worker?.skills ?? '',
    availabilityMonths: user.worker?.availabilityMonths ?? [],
    region: user.region ?? 'RS',
    municipality: user.municipality ?? null,
    groupLeader: user.worker?.groupLeader ?? false,
    groupSize: user.worker?.groupSize ?? 0,
    note: user.estate?.description ?? '',
    status: user.banned ? 'Banned' : 'Active',
    banReason: user.banned ? (user.banReason ?? '') : null,
    emailVerified: user.emailVerified,
    registeredAt: user.registeredAt,
    ...(user.estate
      ? {
          bpg: user.estate.bpg,
          pib: user.estate.pib ?? null,
          estateVerified: user.estate.verified === true,
          verificationNote: user.estate.verificationNote ?? null,
        }
      : {}),
  };
}

/** The profile fields other services replicate (ProfileUpdated). */
export function profileEventData(user: UserDoc) {
  return {
    userId: user._id,
    role: user.role,
    fullName: user.fullName,
    phone: user.phone ?? '',
    ...(user.municipality ? { municipality: user.municipality } : {}),
    groupLeader: user.worker?.groupLeader ?? false,
    groupSize: user.worker?.groupLeader ? user.worker.groupSize : 0,
    ...(user.worker ? { availabilityMonths: user.worker.availabilityMonths } : {}),
    ...(user.estate ? { estateName: user.estate.name } : {}),
    ...(user.photoFile ? { photoUrl: photoUrlOf(user)! } : {}),
    ...(user.gender ? { gender: user.gender } : {}),
  };
}

/** The admin acting, as the audit log names them. */
export type Actor = { id: string; fullName: string };
