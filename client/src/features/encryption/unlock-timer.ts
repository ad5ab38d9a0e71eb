import { backupKeyChanged, readHeldUnlock } from "./backup-key";

/**
 * Ends this browser's unlock on time while a page stays open (decision 245): at the end it reads the kept unlock
 * again, which forgets the key and tells every part of the page (`backupKeyChanged`), so the Account page says the
 * browser is locked and opened titles close. Read again on focus too: a timer sleeps with the computer.
 * Answers the way to stop it.
 */
export function startUnlockTimer(email: string, now: () => number = Date.now): () => void {
  let timer: number | undefined;
  let stopped = false;
  const arm = () => {
    void readHeldUnlock(email, now()).then((held) => {
      window.clearTimeout(timer);
      if (stopped || held.state !== "unlocked" || held.unlock.until === null) return;
      timer = window.setTimeout(arm, Math.max(0, held.unlock.until - now()));
    });
  };
  arm();
  window.addEventListener(backupKeyChanged, arm);
  window.addEventListener("focus", arm);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    window.removeEventListener(backupKeyChanged, arm);
    window.removeEventListener("focus", arm);
  };
}
