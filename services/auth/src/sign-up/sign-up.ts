import {
  authErrorCodes,
  authErrorMessages,
  normalizePhone,
  topics,
  UserRegistered,
  type SignupEstate,
  type SignupWorker,
} from '@moba/contracts';
import { AppError, DuplicateKeyError, withEvents } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import type { UserDoc } from '../domain/user';
import { hashPassword } from '../domain/secrets';
import { emailLinkFor } from '../email-link';

const emailExists = () => new AppError(authErrorCodes.EMAIL_EXISTS, authErrorMessages.EMAIL_EXISTS);
const phoneExists = () => new AppError(authErrorCodes.PHONE_EXISTS, authErrorMessages.PHONE_EXISTS);

async function ensureUnique(ctx: AuthContext, email: string, phone: string) {
  if (await ctx.users.findOne({ email })) throw emailExists();
  if (await ctx.users.findOne({ phone })) throw phoneExists();
}

type Common = SignupWorker | SignupEstate;

/** Creates the account with its registration and confirmation-mail events in the same write. */
async function register(
  ctx: AuthContext,
  input: Common,
  role: 'Worker' | 'Estate',
  specific: Pick<UserDoc, 'worker' | 'estate' | 'municipality'>,
) {
  const phone = normalizePhone(input.phone, input.phoneCountry);
  if (!phone)
    throw new AppError('VALIDATION', 'invalid phone', [
      {
        field: 'phone',
        code: 'invalid_phone',
        message: 'phone is not a valid number for the chosen country',
      },
    ]);
  await ensureUnique(ctx, input.email, phone);

  const now = nowIso(ctx);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const fullName = `${firstName} ${lastName}`;
  const base = {
    _id: crypto.randomUUID(),
    role,
    email: input.email,
    passwordHash: await hashPassword(input.password, {
      memoryCost: ctx.config.ARGON2_MEMORY_KIB,
      timeCost: ctx.config.ARGON2_TIME_COST,
    }),
    phone,
    phoneCountry: input.phoneCountry,
    firstName,
    lastName,
    fullName,
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    region: input.region,
    language: input.language,
    ...specific,
    emailVerified: false,
    tokenVersion: 0,
    banned: false,
    dontShowGuidance: false,
    nameKey: (specific.estate?.name ?? fullName).toLocaleLowerCase('sr'),
    registeredAt: now,
    updatedAt: now,
    failedLogins: [],
  } satisfies Omit<UserDoc, 'emailLink'>;
  const { link, event: mail } = emailLinkFor(ctx, base);
  const user: UserDoc = { ...base, emailLink: link };

  const registered = UserRegistered.create(
    user._id,
    {
      userId: user._id,
      role,
      email: user.email,
      fullName,
      firstName,
      lastName,
      phone,
      region: input.region,
      ...(user.municipality ? { municipality: user.municipality } : {}),
      groupLeader: user.worker?.groupLeader ?? false,
      groupSize: user.worker?.groupLeader ? user.worker.groupSize : 0,
      ...(user.worker
        ? { availabilityMonths: user.worker.availabilityMonths, cultures: user.worker.cultures ?? [] }
        : {}),
      ...(user.estate ? { estateName: user.estate.name } : {}),
      ...(user.gender ? { gender: user.gender } : {}),
      language: input.language,
      registeredAt: now,
    },
    at(ctx),
  );
  try {
    await ctx.users.insertOne(withEvents(user, [{ topic: topics.auth, event: registered }, mail]));
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    // A concurrent sign-up won the unique index: answer which value is taken.
    if (await ctx.users.findOne({ email: input.email })) throw emailExists();
    throw phoneExists();
  }
  ctx.relay.kick();
  return { userId: user._id };
}

export function signUpWorker(ctx: AuthContext, input: SignupWorker) {
  return register(ctx, input, 'Worker', {
    ...(input.municipality ? { municipality: input.municipality.trim() } : {}),
    worker: {
      availabilityMonths: [...input.availabilityMonths].sort((a, b) => a - b),
      skills: input.skills,
      cultures: input.cultures,
      groupLeader: input.groupLeader,
      groupSize: input.groupLeader ? (input.groupSize ?? 0) : 0,
      transportOrganised: input.transportOrganised,
      willingToTravel: input.willingToTravel,
    },
  });
}

export function signUpEstate(ctx: AuthContext, input: SignupEstate) {
  return register(ctx, input, 'Estate', {
    municipality: input.municipality.trim(),
    estate: {
      name: input.estateName.trim(),
      bpg: input.bpg,
      ...(input.pib ? { pib: input.pib } : {}),
      primaryIndustry: input.primaryIndustry,
      cultureTypes: input.cultureTypes,
      size: input.size,
      description: '',
    },
  });
}
