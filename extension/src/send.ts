import { browser } from "wxt/browser";
import { requestOf, type Answer, type Kind, type PayloadArgs, type RequestOf } from "./messages";

/** Asks the background (the popup, the options page, the content scripts): the answer typed by the protocol. */
export function send<K extends Kind>(kind: K, ...payload: PayloadArgs<K>): Promise<Answer<K>> {
  return browser.runtime.sendMessage<RequestOf<K>, Answer<K>>(requestOf(kind, ...payload));
}
