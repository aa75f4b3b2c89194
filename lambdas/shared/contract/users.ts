/**
 * The user calls' requests and answers (spec section 7, /api/users/*), one definition for the
 * handlers that validate them and the web app that parses them. The answers the web app parses
 * (PortalUser, PortalUsers, UserCustomersReply) live in ./answers/users.ts, in zod/mini, and are
 * re-exported here; the requests and the other answers are zod classic, here.
 */
import { emailString, idString, type ZodType } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export { PortalUser, PortalUsers, UserAccount, UserAccounts, UserCustomersReply } from './answers/users.js';

export const Email = /* @__PURE__ */ (() => emailString())();
export const Id = /* @__PURE__ */ (() => idString())();

export const EmailParams = /* @__PURE__ */ (() => z.object({ email: Email }))();

const Name = () => z.optional(z.string().check(z.maxLength(500)));
const IdName = /* @__PURE__ */ (() => z.object({ ID: Id, NAME: Name() }))();
export const PutCustomersBody = /* @__PURE__ */ (() => z.object({ customers: z.array(IdName).check(z.maxLength(10_000)) }))();
export const PutPropertiesBody = /* @__PURE__ */ (() => z.object({ properties: z.array(IdName).check(z.maxLength(100_000)) }))();
export const AssignmentsReply = /* @__PURE__ */ (() => z.object({
  message: z.string(),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  BUILDOPS_PROPERTY_IDS: z.array(z.string()),
}))();

/** A customer as the create-user form may send it: { ID, NAME }, { id, name } or just the id. */
const SentCustomer = /* @__PURE__ */ (() => z.union([
  Id,
  z.object({ ID: Id, NAME: Name() }),
  z.object({ id: Id, name: Name() }),
]))();

/** At most `max` items; [] when absent. */
const listOf = <T extends ZodType>(item: T, max: number) => z._default(z.array(item).check(z.maxLength(max)), []);

/** A person's name as stored: trimmed and lower-cased, as the create-user form sends it (spec section 5). */
const PersonName = () => z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'is required'), z.maxLength(200));

/** Spec section 3, "New user". */
export const SignupBody = /* @__PURE__ */ (() => z.object({
  name: PersonName(),
  email: Email,
  password: z.string().check(z.minLength(5, 'must be at least 5 characters'), z.maxLength(200)),
  customers: listOf(SentCustomer, 10_000),
  buildops_customer_ids: listOf(Id, 10_000),
  buildops_property_ids: listOf(Id, 100_000),
  properties: listOf(z.string().check(z.maxLength(500)), 100_000),
}))();
export const SignupReply = /* @__PURE__ */ (() => z.object({ message: z.string(), EMAIL: z.string() }))();

/** PUT /api/users/{email}/email: an administrator moves an account to another address. */
export const ChangeEmailBody = /* @__PURE__ */ (() => z.object({ email: Email }))();
export const ChangeEmailReply = /* @__PURE__ */ (() => z.object({ message: z.string(), EMAIL: z.string() }))();

/** PUT /api/users/{email}/name (beyond the spec): an administrator renames an account. */
export const ChangeNameBody = /* @__PURE__ */ (() => z.object({ name: PersonName() }))();
export const ChangeNameReply = /* @__PURE__ */ (() => z.object({ message: z.string(), EMAIL: z.string(), NAME: z.string() }))();

/** GET /api/users?view=accounts (beyond the spec): each user with their pool state and last sign-in. */
export const ListUsersQuery = /* @__PURE__ */ (() => z.object({ view: z.optional(z.enum(['accounts'])) }))();

/** POST /api/users/send-account-mail (beyond the spec): an invitation again, or a reset code. */
export const AccountMailBody = /* @__PURE__ */ (() => z.object({ email: Email, mail: z.enum(['invitation', 'reset-code']) }))();
export const AccountMessageReply = /* @__PURE__ */ (() => z.object({ message: z.string(), EMAIL: z.string() }))();

export const RemoveUsersBody = /* @__PURE__ */ (() => z.object({ users: z.array(Email).check(z.minLength(1, 'must name at least one user'), z.maxLength(1000)) }))();
export const RemoveUsersReply = /* @__PURE__ */ (() => z.object({ message: z.string(), removed: z.array(z.string()) }))();

export const userMessages = {
  exists: 'User already exists.',
  created: 'User created successfully!',
  removed: 'Users Removed successfully!',
  updated: 'Customers and Properties updated successfully!',
  emailChanged: 'Email changed. The user signs in with the new address from now on.',
  nameChanged: 'Name changed.',
  staffName: (email: string) => `${email} is a staff account; the user list renames customer accounts only.`,
  sameEmail: 'The new email is the same as the current one.',
  staffDomainForCustomer: 'A customer account cannot take a staff-domain email; create a staff account for that address instead.',
  customerDomainForStaff: 'A staff account keeps an email in a staff domain.',
  invitationResent: (email: string) => `A new invitation with a new temporary password has been sent to ${email}.`,
  alreadyActive: (email: string) => `${email} has already set a password; send a reset code instead.`,
  resetCodeSent: (email: string) => `A password reset code has been sent to ${email}.`,
  stillInvited: (email: string) => `${email} has not set a password yet; resend the invitation instead.`,
} as const;

export type SignupBody = z.infer<typeof SignupBody>;
export type AssignmentsReply = z.infer<typeof AssignmentsReply>;
