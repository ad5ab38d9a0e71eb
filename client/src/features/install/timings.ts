/** The install aids' timers of spec 1 §9. */
/** The install dialog opens this long after the browser offers installation (Android only). */
export const INSTALL_PROMPT_DELAY_MS = 1_000;
/** After the browser reports the app installed, the install dialog finishes (closes) this much later. */
export const INSTALL_COMPLETION_DELAY_MS = 2_000;
/** The home-screen banner appears this long after the page opened. */
export const HOME_SCREEN_BANNER_DELAY_MS = 5_000;
/** The update notice hides itself after this long. */
export const UPDATE_NOTICE_HIDE_MS = 10_000;
