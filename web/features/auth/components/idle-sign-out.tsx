import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { IDLE_DEBOUNCE_MS, IDLE_TEST_TIMEOUT_KEY } from '../../../config/constants';
import { idleTimings } from '../idle-timings';
import { authStrings } from '../strings';

const s = authStrings.idle;
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'touchmove'] as const;

/**
 * Signs the user out after the idle time-out, with a warning one tenth before. Tabs of one browser
 * share the timer: activity in any keeps all signed in.
 */
export function IdleSignOut({ onSignOut, onIdle }: { onSignOut(): void; onIdle(): void }) {
  const [timings] = useState(() => idleTimings(localStorage.getItem(IDLE_TEST_TIMEOUT_KEY)));
  const [warning, setWarning] = useState(false);
  const [remainingMs, setRemainingMs] = useState(0);

  const timer = useIdleTimer({
    timeout: timings.timeout,
    promptBeforeIdle: timings.promptBeforeIdle,
    events: [...activityEvents],
    debounce: IDLE_DEBOUNCE_MS,
    crossTab: true,
    syncTimers: 200,
    onPrompt: () => setWarning(true),
    onActive: () => setWarning(false),
    onIdle: () => {
      setWarning(false);
      onIdle();
    },
    // The timer ignores activity while the warning is up; any activity clears the warning.
    onAction: (_event, idle) => {
      if (idle?.isPrompted()) idle.activate();
    },
  });

  const handleStay = () => timer.activate();

  // The warning counts down to the sign-out, second by second.
  useEffect(() => {
    if (!warning) return;
    const tick = () => setRemainingMs(timer.getRemainingTime());
    tick();
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [warning, timer]);
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));

  return (
    <Dialog open={warning} onClose={handleStay} aria-labelledby="idle-warning-title" aria-describedby="idle-warning-body">
      <DialogTitle id="idle-warning-title">{s.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-body">{s.body}</DialogContentText>
        <DialogContentText data-testid="idle-countdown" sx={{ mt: 1, fontWeight: 600 }}>
          {s.countdown(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>{s.logOut}</Button>
        <Button variant="contained" onClick={handleStay} autoFocus>
          {s.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
