import { browser } from "wxt/browser";
import { requestOf, type Answer, type Kind, type PayloadArgs, type RequestOf } from "./messages";

/** Asks the background (the popup, the options page, the content scripts): the answer typed by the protocol. */
export function ask<K extends Kind>(request: RequestOf<K>): Promise<Answer<K>> {
  return browser.runtime.sendMessage<RequestOf<K>, Answer<K>>(request);
}

/** `ask` with the kind first: `send("restore-emergency", { id })`. */
export function send<K extends Kind>(kind: K, ...payload: PayloadArgs<K>): Promise<Answer<K>> {
  return ask(requestOf(kind, ...payload));
}
