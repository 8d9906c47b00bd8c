import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FormMessage } from "~/features/identity/components/auth-shell.tsx";
import { RouteErrorBoundary } from "~/components/error-page.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { formatTimestamp } from "~/lib/dates.ts";
import { fieldErrors, formFields } from "~/lib/forms.ts";
import { isIdentityError } from "~/lib/identity-errors.ts";
import {
  describePasswordPolicy,
  hardMaxPasswordLength,
} from "~/lib/password-policy.ts";
import { requireStaff, startSession } from "~/features/identity/server/auth.server.ts";
import { db } from "~/server/db/index.server.ts";
import { env } from "~/server/env.server.ts";
import QRCode from "qrcode";
import {
  changeOwnPassword,
  confirmCurrentPassword,
  listOwnSessions,
  signOutOtherSessions,
} from "~/features/identity/server/profile.server.ts";
import {
  finishEnrolment,
  isSecondFactorRequired,
  listSecondFactors,
  otpauthUrlFor,
  recoveryCodesLeft,
  startEnrolment,
  unseal,
  withdrawSecondFactor,
} from "~/features/identity/server/second-factor.server.ts";
import { clientAddressOf } from "~/server/request-context.ts";
import { keepRetryAfter } from "~/server/retry-after.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/profile";

/** The signed-in person's own account: password, devices (docs/decisions/106-staff-profile.md). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireStaff(request);
  return {
    email: user.email,
    name: user.displayName ?? user.email,
    emailVerified: user.emailVerified,
    passwordUpdatedAt: user.passwordUpdatedAt,
    sessions: await listOwnSessions(db(), user.id, session.id),
    factors: await listSecondFactors(db(), user.id),
    recoveryCodesLeft: await recoveryCodesLeft(db(), user.id),
    secondFactorRequired: await isSecondFactorRequired(db()),
    rules: describePasswordPolicy(env().passwordPolicy),
  };
}

const schema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("change-password"),
      currentPassword: z
        .string()
        .min(1, "Enter your current password.")
        .max(8192, "That password is too long."),
      newPassword: z
        .string()
        .min(1, "Choose a new password.")
        .max(
          hardMaxPasswordLength * 2,
          `Use at most ${hardMaxPasswordLength} characters.`,
        ),
    }),
    z.object({ intent: z.literal("sign-out-others") }),
    z.object({ intent: z.literal("totp-start") }),
    z.object({
      intent: z.literal("totp-finish"),
      sessionInfo: z.string().min(1).max(4096),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, "Type the 6 digits your app shows."),
    }),
    z.object({
      intent: z.literal("totp-remove"),
      factorId: z.string().min(1).max(64),
      currentPassword: z
        .string()
        .min(1, "Enter your current password.")
        .max(8192),
    }),
  ],
  { message: "Choose what to do." },
);

export async function action({ request, context }: Route.ActionArgs) {
  const { user, session } = await requireStaff(request);
  const form = formFields(await request.formData(), [
    "intent",
    "currentPassword",
    "newPassword",
    "sessionInfo",
    "code",
    "factorId",
  ]);
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    return data(
      {
        for: form.intent,
        fieldErrors: fieldErrors(parsed.error.issues),
        formError: "Check the highlighted fields and try again.",
      },
      { status: 400 },
    );
  }
  if (parsed.data.intent === "sign-out-others") {
    const ended = await signOutOtherSessions(db(), user, session.id);
    return redirectWithToast("/admin/profile", {
      title: "Signed out everywhere else",
      description: `${ended === 1 ? "1 other device was" : `${ended} other devices were`} signed out, and apps using your account must sign in again. This browser stays signed in.`,
    });
  }
  try {
    if (parsed.data.intent === "totp-start") {
      const started = startEnrolment(user);
      return {
        enrol: {
          secret: started.secret,
          sessionInfo: started.sessionInfo,
          qr: await QRCode.toDataURL(started.otpauthUrl, {
            margin: 1,
            width: 220,
          }),
        },
      };
    }
    if (parsed.data.intent === "totp-finish") {
      try {
        const { recoveryCodes } = await finishEnrolment(db(), user, {
          sessionInfo: parsed.data.sessionInfo,
          code: parsed.data.code,
        });
        // Shown once, here; only their hashes are kept.
        return { recoveryCodes };
      } catch (error) {
        const pending = unseal(parsed.data.sessionInfo, "enrol");
        if (
          !isIdentityError(error) ||
          error.identityCode !== "INVALID_CODE" ||
          !pending
        )
          throw error;
        // Same secret again, so the app already set up keeps working.
        const enrol = {
          secret: pending.secret,
          sessionInfo: parsed.data.sessionInfo,
          qr: await QRCode.toDataURL(otpauthUrlFor(user, pending.secret), {
            margin: 1,
            width: 220,
          }),
        };
        return data(
          {
            for: "totp-finish",
            enrol,
            fieldErrors: error.fields ?? {},
            formError: error.message,
          },
          { status: 400 },
        );
      }
    }
    if (parsed.data.intent === "totp-remove") {
      await confirmCurrentPassword(
        db(),
        user,
        parsed.data.currentPassword,
        clientAddressOf(context),
      );
      await withdrawSecondFactor(db(), user, parsed.data.factorId);
      return redirectWithToast("/admin/profile", {
        title: "Two-step sign-in turned off",
        description: "Signing in now needs your password only.",
      });
    }
    const updated = await changeOwnPassword(db(), user, {
      ...parsed.data,
      ip: clientAddressOf(context),
    });
    // Every session ended with the change: this browser gets a new one.
    const cookie = await startSession(
      request,
      updated,
      clientAddressOf(context),
    );
    return redirectWithToast(
      "/admin/profile",
      {
        title: "Password changed",
        description:
          "Every other device was signed out. Use the new password from now on.",
      },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (!isIdentityError(error)) throw error;
    const fields = { ...(error.fields ?? {}) };
    if (fields.password) {
      fields.newPassword = fields.password;
      delete fields.password;
    }
    return data(
      {
        for: parsed.data.intent,
        fieldErrors: fields,
        formError: error.retryAfterSeconds
          ? error.message
          : "Check the highlighted fields and try again.",
      },
      {
        status: error.retryAfterSeconds ? 429 : 400,
        headers: error.retryAfterSeconds
          ? { "Retry-After": String(error.retryAfterSeconds) }
          : undefined,
      },
    );
  }
}

export const headers: Route.HeadersFunction = keepRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Andaman Isles Travel admin" },
  { name: "robots", content: "noindex" },
];

/** A browser in words people recognise, from its user agent. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iPhone or iPad"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "Mac"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

export default function Profile({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent;
  const failed = actionData && "formError" in actionData ? actionData : null;
  const errors: Record<string, string | undefined> =
    failed?.for === "change-password" ? failed.fieldErrors : {};
  const others = loaderData.sessions.filter((s) => !s.current).length;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Your account</h1>
        <p className="mt-1 text-slate-700">
          {loaderData.name} · {loaderData.email}
          {loaderData.emailVerified
            ? " (confirmed)"
            : " (not confirmed yet: open the link we emailed you)"}
        </p>
      </header>

      <section
        aria-labelledby="password-heading"
        className="rounded-lg border border-slate-200 p-4"
      >
        <h2 id="password-heading" className="text-lg font-semibold">
          Change your password
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {loaderData.passwordUpdatedAt
            ? `Last changed ${formatTimestamp(loaderData.passwordUpdatedAt)}. `
            : ""}
          Changing it signs you out on every other device.
        </p>
        {failed?.for === "change-password" ? (
          <FormMessage tone="error">{failed.formError}</FormMessage>
        ) : null}
        <Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
          <input type="hidden" name="intent" value="change-password" />
          <input
            type="hidden"
            name="username"
            autoComplete="username"
            value={loaderData.email}
          />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            hint={`Your password needs: ${loaderData.rules.map((rule) => rule.charAt(0).toLowerCase() + rule.slice(1)).join("; ")}.`}
            error={errors.newPassword}
          />
          <Button type="submit" pending={busy("change-password")}>
            {busy("change-password") ? "Saving…" : "Change password"}
          </Button>
        </Form>
      </section>

      <TwoStepSection
        loaderData={loaderData}
        actionData={actionData}
        busy={busy}
      />

      <section
        aria-labelledby="sessions-heading"
        className="rounded-lg border border-slate-200 p-4"
      >
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <ul
          className="mt-3 divide-y divide-slate-200"
          aria-label="Signed-in devices"
        >
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="py-2" data-testid="own-session">
              <p className="font-medium">
                {deviceName(s.userAgent)}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-success-50 px-2 text-sm text-success-700">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                Signed in {formatTimestamp(s.createdAt)} · last used{" "}
                {formatTimestamp(s.lastSeenAt)}
                {s.ip ? ` · from ${s.ip}` : ""}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button
            type="submit"
            variant="outline"
            pending={busy("sign-out-others")}
          >
            Sign out everywhere else
          </Button>
          <p className="mt-1 text-sm text-slate-700">
            {others === 0
              ? "No other browser is signed in; this also signs out apps that use your account."
              : "Signs out the other browsers above and every app that uses your account."}
          </p>
        </Form>
      </section>
    </main>
  );
}

type ActionData = Route.ComponentProps["actionData"];

function TwoStepSection({
  loaderData,
  actionData,
  busy,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: ActionData;
  busy: (intent: string) => boolean;
}) {
  const enrol = actionData && "enrol" in actionData ? actionData.enrol : null;
  const recoveryCodes =
    actionData && "recoveryCodes" in actionData
      ? actionData.recoveryCodes
      : null;
  const failed =
    actionData &&
    "formError" in actionData &&
    String(actionData.for).startsWith("totp")
      ? actionData
      : null;
  const errors: Record<string, string | undefined> = failed?.fieldErrors ?? {};
  const factor = loaderData.factors[0];
  return (
    <section
      aria-labelledby="two-step-heading"
      className="rounded-lg border border-slate-200 p-4"
    >
      <h2 id="two-step-heading" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      {failed ? (
        <FormMessage tone="error">{failed.formError}</FormMessage>
      ) : null}
      {recoveryCodes ? (
        <div className="mt-2 space-y-2">
          <FormMessage tone="info">
            Two-step sign-in is on. Keep these recovery codes somewhere safe:
            each signs you in once if you lose your phone. They are shown only
            now.
          </FormMessage>
          <ul
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-1 font-mono text-base"
          >
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : factor ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-slate-700">
            On, with {factor.displayName ?? "an authenticator app"} since{" "}
            {formatTimestamp(factor.enrolledAt)}. {loaderData.recoveryCodesLeft}{" "}
            recovery {loaderData.recoveryCodesLeft === 1 ? "code" : "codes"}{" "}
            left.
          </p>
          {loaderData.secondFactorRequired ? (
            <p className="text-sm text-slate-700">
              An owner requires two-step sign-in for every account, so it stays
              on.
            </p>
          ) : (
            <Form method="post" className="max-w-md space-y-3">
              <input type="hidden" name="intent" value="totp-remove" />
              <input type="hidden" name="factorId" value={factor.id} />
              <input
                type="hidden"
                name="username"
                autoComplete="username"
                value={loaderData.email}
              />
              <Field
                label="Current password, to turn it off"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                error={errors.currentPassword}
              />
              <Button
                type="submit"
                variant="outline"
                pending={busy("totp-remove")}
              >
                Turn off two-step sign-in
              </Button>
            </Form>
          )}
        </div>
      ) : enrol ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-slate-700">
            Scan this code with an authenticator app (Google Authenticator,
            Microsoft Authenticator, 1Password and others), then type the 6
            digits it shows.
          </p>
          <img
            src={enrol.qr}
            width={220}
            height={220}
            alt="QR code to add this account to your authenticator app"
          />
          <p className="text-sm text-slate-700">
            Cannot scan? Enter this key in the app:{" "}
            <code className="font-mono break-all">{enrol.secret}</code>
          </p>
          <Form method="post" className="max-w-md space-y-3" noValidate>
            <input type="hidden" name="intent" value="totp-finish" />
            <input type="hidden" name="sessionInfo" value={enrol.sessionInfo} />
            <Field
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              error={errors.code}
            />
            <Button type="submit" pending={busy("totp-finish")}>
              Turn on two-step sign-in
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-2 space-y-3">
          {loaderData.secondFactorRequired ? (
            <FormMessage tone="info">
              An owner requires two-step sign-in for every account. Set it up
              here to use the rest of the admin area.
            </FormMessage>
          ) : null}
          <p className="text-sm text-slate-700">
            Off. With it on, signing in also asks for a code from an app on your
            phone, so a stolen password alone does not open your account.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="totp-start" />
            <Button type="submit" pending={busy("totp-start")}>
              Set up an authenticator app
            </Button>
          </Form>
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
