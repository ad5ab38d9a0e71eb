import { describe, expect, it } from "vitest";
import { isPrivateFieldName, secretAutocomplete, withoutPrivateFields } from "./form-privacy";

describe("form privacy", () => {
  it.each([
    "password",
    "Password",
    "user[password]",
    "newPassword",
    "new-password",
    "current_password",
    "confirmPassword",
    "passwd",
    "pwd",
    "pass",
    "login.pass",
    "passphrase",
    "pin",
    "PIN",
    "one-time-code",
    "oneTimeCode",
    "otp",
    "otp_code",
    "totp",
    "mfaCode",
    "2fa",
    "verificationCode",
    "sms_code",
    "cvc",
    "cvv2",
    "cc-csc",
    "card[cvc]",
    "securityCode",
    "card_verification_value",
    "cardNumber",
    "cc-number",
    "ccnum",
  ])("%s names a secret", (name) => {
    expect(isPrivateFieldName(name)).toBe(true);
  });

  it.each(["email", "firstName", "comment", "shipping", "passport", "compass", "bypass", "spinner", "pinned", "footprint", "company", "zip", "code", "promo_code", "testEmail"])(
    "%s is an ordinary field",
    (name) => {
      expect(isPrivateFieldName(name)).toBe(false);
    },
  );

  it("drops secret names and card numbers, keeps the rest in order", () => {
    expect(
      withoutPrivateFields({
        name: "Ada",
        password: "hunter2",
        notes: "4242 4242 4242 4242",
        order: "4242 4242 4242 4241",
        otp: "123456",
        "cc-csc": "123",
        comment: "Call me",
      }),
    ).toEqual({ name: "Ada", order: "4242 4242 4242 4241", comment: "Call me" });
  });

  it.each([
    ["one-time-code", true],
    ["section-login one-time-code", true],
    ["current-password", true],
    ["new-password", true],
    ["cc-number", true],
    ["cc-csc", true],
    ["email", false],
    ["given-name", false],
    ["off", false],
  ])("autocomplete=%s marks a secret: %s", (autocomplete, secret) => {
    expect(secretAutocomplete(autocomplete)).toBe(secret);
  });
});
