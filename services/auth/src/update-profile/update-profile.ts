import {
  authErrorCodes,
  authErrorMessages,
  isKnownMunicipality,
  ProfileUpdated,
  topics,
  type ErrorDetail,
  type Language,
  type UpdateEstateProfile,
  type UpdateWorkerProfile,
} from '@moba/contracts';
import { AppError, forbidden, pushEvents } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import { profileEventData, toEstateProfile, toWorkerProfile, type UserDoc } from '../domain/user';

export const profileUpdateError = (details?: ErrorDetail[]) =>
  new AppError(authErrorCodes.PROFILE_UPDATE_ERROR, authErrorMessages.PROFILE_UPDATE_ERROR, details);

/** Writes the changed fields with a ProfileUpdated event and answers the fresh document. */
export async function saveProfile(
  ctx: AuthContext,
  user: UserDoc,
  set: Record<string, unknown>,
): Promise<UserDoc> {
  const next = { ...user } as UserDoc;
  for (const [path, value] of Object.entries(set)) {
    const [head, tail] = path.split('.');
    const target = next as unknown as Record<string, unknown>;
    if (tail) target[head] = { ...(target[head] as Record<string, unknown>), [tail]: value };
    else target[head] = value;
  }
  const updated = await ctx.users.findOneAndUpdate(
    { _id: user._id },
    pushEvents({ $set: { ...set, updatedAt: nowIso(ctx) } }, [
      { topic: topics.auth, event: ProfileUpdated.create(user._id, profileEventData(next), at(ctx)) },
    ]),
  );
  if (!updated) throw profileUpdateError();
  ctx.relay.kick();
  return updated;
}

const ownProfile = (user: UserDoc, id: string) => {
  if (user._id !== id) throw forbidden('not your profile');
};

/** PUT /workers/{id}: county, availability, skills (and cultures) — only the fields present change. */
export async function updateWorkerProfile(
  ctx: AuthContext,
  user: UserDoc,
  id: string,
  input: UpdateWorkerProfile,
) {
  ownProfile(user, id);
  const set: Record<string, unknown> = {};
  if (input.municipality !== undefined) {
    const municipality = input.municipality.trim();
    if (!isKnownMunicipality(municipality, user.region ?? 'RS')) {
      throw profileUpdateError([
        {
          field: 'municipality',
          code: 'unknown_municipality',
          message: 'unknown municipality for the region',
        },
      ]);
    }
    set.municipality = municipality;
  }
  if (input.availabilityMonths !== undefined)
    set['worker.availabilityMonths'] = [...input.availabilityMonths].sort((a, b) => a - b);
  if (input.skills !== undefined) set['worker.skills'] = input.skills;
  if (input.cultures !== undefined) set['worker.cultures'] = [...new Set(input.cultures)];
  return toWorkerProfile(Object.keys(set).length ? await saveProfile(ctx, user, set) : user);
}

/** PUT /estates/{id}: culture types, size, description — only the fields present change. */
export async function updateEstateProfile(
  ctx: AuthContext,
  user: UserDoc,
  id: string,
  input: UpdateEstateProfile,
) {
  ownProfile(user, id);
  const set: Record<string, unknown> = {};
  if (input.cultureTypes !== undefined) set['estate.cultureTypes'] = input.cultureTypes;
  if (input.size !== undefined) set['estate.size'] = input.size;
  if (input.description !== undefined) set['estate.description'] = input.description;
  return toEstateProfile(Object.keys(set).length ? await saveProfile(ctx, user, set) : user);
}

/** POST /users/me/language: the language and script of the user's mails. */
export async function setLanguage(ctx: AuthContext, user: UserDoc, language: Language) {
  await ctx.users.updateOne({ _id: user._id }, { $set: { language, updatedAt: nowIso(ctx) } });
  return { language };
}

/** POST /users/me/dont-show-guidance: the first-login guidance choice. */
export async function setGuidanceChoice(ctx: AuthContext, user: UserDoc, dontShowGuidance: boolean) {
  await ctx.users.updateOne({ _id: user._id }, { $set: { dontShowGuidance, updatedAt: nowIso(ctx) } });
  return { dontShowGuidance };
}
