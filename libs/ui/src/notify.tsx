import { lazy, Suspense, createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Severity = 'success' | 'error' | 'info' | 'warning';
type Notify = (message: string, severity?: Severity) => void;

const NotifyContext = createContext<Notify>(() => undefined);

interface ToastProps {
  message: string;
  severity: Severity;
  onClose: () => void;
}

/*
 * The toast's components load with the first message, not with the first screen (the snackbar's transition,
 * click-away and positioning code is not needed to sign in).
 */
const Toast = lazy(async () => {
  const [{ default: Snackbar }, { default: Alert }] = await Promise.all([
    import('@mui/material/Snackbar'),
    import('@mui/material/Alert'),
  ]);
  function Toast({ message, severity, onClose }: ToastProps) {
    const urgent = severity === 'error' || severity === 'warning';
    return (
      <Snackbar
        open
        autoHideDuration={6000}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={severity}
          onClose={onClose}
          variant="filled"
          role={urgent ? 'alert' : 'status'}
          aria-live={urgent ? 'assertive' : 'polite'}
          data-testid="toast"
        >
          {message}
        </Alert>
      </Snackbar>
    );
  }
  return { default: Toast };
});

/**
 * Toasts for the spec's success and failure messages, announced to screen readers: errors and warnings as
 * role=alert (assertive), successes and information as role=status (polite). The theme's colours give the filled
 * toasts at least 4.5:1. The toast is put in the page with its message, as before (a closed Snackbar renders
 * nothing), so the announcement is the same.
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
      {toast ? (
        <Suspense fallback={null}>
          <Toast
            key={toast.key}
            message={toast.message}
            severity={toast.severity}
            onClose={() => setToast(null)}
          />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export const useNotify = (): Notify => useContext(NotifyContext);
