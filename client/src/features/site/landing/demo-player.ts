/**
 * The landing page's interactive demo (spec 1 §3 "Demo tab", §4 "Interactive demo"): a scripted story in five
 * timed steps over made-up tabs. Nothing here touches real tabs; it only drives what the demo shows.
 */

export type DemoTabStatus = "vulnerable" | "protected" | "recovered";

export interface DemoTab {
  id: number;
  title: string;
  url: string;
  status: DemoTabStatus;
  content: string;
  aiAnalysis?: string;
}

export type DemoPhase = "idle" | "running" | "stopped" | "finished";

export interface DemoState {
  phase: DemoPhase;
  /** How many of the five steps have happened (0 before the first). */
  stepsShown: number;
  tabs: DemoTab[];
  /** Tabs closed by accident and not (yet) recovered. */
  closedTabs: DemoTab[];
}

export interface DemoStep {
  title: string;
  narration: string;
  apply: (state: DemoState) => Pick<DemoState, "tabs" | "closedTabs">;
}

/** spec 1 §4 and §9: the first step after 0.5 s, then one every 2 s, and the demo ends 1 s after the last. */
export const FIRST_STEP_DELAY_MS = 500;
export const STEP_INTERVAL_MS = 2000;
export const END_DELAY_MS = 1000;

const ACCIDENTALLY_CLOSED_ID = 3;

function browsingTabs(): DemoTab[] {
  return [
    { id: 1, title: "Quarterly report (draft)", url: "docs.example.com/q3-report", status: "vulnerable", content: "Section 3 of 5 written, 1,840 words" },
    { id: 2, title: "Flights: Lisbon to Berlin", url: "travel.example.com/search", status: "vulnerable", content: "Return flight picked, form half filled" },
    { id: ACCIDENTALLY_CLOSED_ID, title: "Job application, step 2 of 4", url: "careers.example.com/apply", status: "vulnerable", content: "Cover letter typed into the form" },
    { id: 4, title: "Long read: how we lose focus", url: "news.example.org/focus", status: "vulnerable", content: "Scrolled 60% of the way through" },
  ];
}

const analyses: Record<number, string> = {
  1: "Unsaved draft, keep in every backup",
  2: "Booking in progress, prices may change",
  3: "Form text came back with the tab",
  4: "Reading, reopens where you stopped",
};

export const demoSteps: DemoStep[] = [
  {
    title: "Normal browsing",
    narration: "Four tabs are open: a report, flights, a job application and an article. None is protected yet.",
    apply: () => ({ tabs: browsingTabs(), closedTabs: [] }),
  },
  {
    title: "Protection on",
    narration: "TabVault is switched on and protects every open tab, with its form text and scroll position.",
    apply: ({ tabs, closedTabs }) => ({ tabs: tabs.map((tab) => ({ ...tab, status: "protected" })), closedTabs }),
  },
  {
    title: "Accidental close",
    narration: "A stray tap closes the job application, cover letter and all.",
    apply: ({ tabs, closedTabs }) => ({
      tabs: tabs.filter((tab) => tab.id !== ACCIDENTALLY_CLOSED_ID),
      closedTabs: [...closedTabs, ...tabs.filter((tab) => tab.id === ACCIDENTALLY_CLOSED_ID)],
    }),
  },
  {
    title: "Recovery",
    narration: "The emergency backup taken as the tab closed brings it back, form text and all.",
    apply: ({ tabs, closedTabs }) => ({
      tabs: [...tabs, ...closedTabs.map((tab) => ({ ...tab, status: "recovered" as const }))].sort((a, b) => a.id - b.id),
      closedTabs: [],
    }),
  },
  {
    title: "Backup summary",
    narration: "Each backup's summary names its sites and topics, pages open twice and tabs left unvisited.",
    apply: ({ tabs, closedTabs }) => ({ tabs: tabs.map((tab) => ({ ...tab, aiAnalysis: analyses[tab.id] })), closedTabs }),
  },
];

export function initialDemoState(): DemoState {
  return { phase: "idle", stepsShown: 0, tabs: browsingTabs(), closedTabs: [] };
}

export type DemoAction = { type: "start" } | { type: "stop" } | { type: "restart" } | { type: "tick" };

/**
 * Start plays from the beginning, or resumes a stopped demo where it stopped; Stop pauses; Restart goes back
 * to the beginning and plays; a tick is the timer firing: the next step, or the end after the last.
 */
export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case "start":
      if (state.phase === "running") return state;
      return state.phase === "stopped" ? { ...state, phase: "running" } : { ...initialDemoState(), phase: "running" };
    case "stop":
      return state.phase === "running" ? { ...state, phase: "stopped" } : state;
    case "restart":
      return { ...initialDemoState(), phase: "running" };
    case "tick": {
      if (state.phase !== "running") return state;
      const step = demoSteps[state.stepsShown];
      if (!step) return { ...state, phase: "finished" };
      return { ...state, ...step.apply(state), stepsShown: state.stepsShown + 1 };
    }
  }
}

/** How long until the next tick, or null when nothing is due (not running). */
export function nextTickDelay(state: DemoState): number | null {
  if (state.phase !== "running") return null;
  if (state.stepsShown === 0) return FIRST_STEP_DELAY_MS;
  return state.stepsShown < demoSteps.length ? STEP_INTERVAL_MS : END_DELAY_MS;
}

export interface DemoTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface DemoPlayer {
  getState: () => DemoState;
  subscribe: (listener: () => void) => () => void;
  start: () => void;
  stop: () => void;
  restart: () => void;
}

const globalTimers: DemoTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Holds the demo's state and its one timer; React reads it through useSyncExternalStore. */
export function createDemoPlayer(timers: DemoTimers = globalTimers): DemoPlayer {
  let state = initialDemoState();
  let pending: unknown = null;
  const listeners = new Set<() => void>();

  const cancelTimer = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };

  const dispatch = (action: DemoAction) => {
    const next = demoReducer(state, action);
    // "Start" while playing changes nothing and must not push the next step back.
    if (next === state) return;
    state = next;
    cancelTimer();
    const delay = nextTickDelay(state);
    if (delay !== null) {
      pending = timers.setTimeout(() => {
        pending = null;
        dispatch({ type: "tick" });
      }, delay);
    }
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => dispatch({ type: "start" }),
    stop: () => dispatch({ type: "stop" }),
    restart: () => dispatch({ type: "restart" }),
  };
}
