import { Component, lazy, Suspense, useMemo, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { removeFirstPaint } from '@forum/landing/first-paint';
import { Button, Spinner } from '@forum/ui';
import { markRemoteFailed, takeRemoteApp } from './remotes';
import type { RemoteName } from './remotes';
import { TEXTS } from './texts';

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering; the rest of the page lives on. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Before the fallback is painted: the HTML's landing must not cover it.
    removeFirstPaint();
    markRemoteFailed(this.props.name);
    console.error(`[shell] remote "${this.props.name}" crashed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        className="shell-remote-fallback"
        role="alert"
        data-testid="remote-fallback"
        data-remote={this.props.name}
      >
        <p className="shell-remote-fallback__title">{TEXTS.remoteFailed}</p>
        <p className="shell-remote-fallback__text">{TEXTS.remoteFailedText}</p>
        <Button variant="secondary" onClick={this.props.onRetry} data-testid="remote-retry">
          {TEXTS.retry}
        </Button>
      </div>
    );
  }
}

/**
 * Renders `<name>/App`. Each Retry makes a new lazy component (a fresh loadRemote) and a fresh
 * error boundary.
 */
export function RemoteSlot({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(() => lazy(() => takeRemoteApp(name, attempt)), [name, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} name={name} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<Spinner block label="Loading" data-testid="remote-loading" />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
