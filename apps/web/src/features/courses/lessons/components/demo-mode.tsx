import { createContext, useContext, type ReactNode } from 'react';

const DemoModeContext = createContext(false);

/**
 * Demo mode (spec §6): a lesson opened without a class. Inside it nothing is recorded (no visits, no watch time), and
 * there is no self-rating and no notes, whatever the page around it asks for.
 */
export function DemoModeProvider({ children }: { children: ReactNode }) {
  return <DemoModeContext.Provider value={true}>{children}</DemoModeContext.Provider>;
}

/** Whether the component is inside a demo lesson. */
export function useDemoMode(): boolean {
  return useContext(DemoModeContext);
}
