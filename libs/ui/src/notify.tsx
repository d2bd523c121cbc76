import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Severity = 'success' | 'error' | 'info' | 'warning';
type Notify = (message: string, severity?: Severity) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/**
 * Toasts for the spec's success and failure messages, announced to screen readers: errors and warnings as
 * role=alert (assertive), successes and information as role=status (polite). The theme's colours give the filled
 * toasts at least 4.5:1.
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; severity: Severity; key: number } | null>(null);
  const notify = useCallback<Notify>(
    (message, severity = 'success') => setToast({ message, severity, key: Date.now() }),
    [],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar
        key={toast?.key}
        open={Boolean(toast)}
        autoHideDuration={6000}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {toast ? (
          <Alert
            severity={toast.severity}
            onClose={() => setToast(null)}
            variant="filled"
            role={toast.severity === 'error' || toast.severity === 'warning' ? 'alert' : 'status'}
            aria-live={toast.severity === 'error' || toast.severity === 'warning' ? 'assertive' : 'polite'}
            data-testid="toast"
          >
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export const useNotify = (): Notify => useContext(NotifyContext);
