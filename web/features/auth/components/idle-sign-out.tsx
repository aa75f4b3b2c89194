import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
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
export function IdleSignOut({ onSignOut }: { onSignOut(): void }) {
  const [timings] = useState(() => idleTimings(localStorage.getItem(IDLE_TEST_TIMEOUT_KEY)));
  const [warning, setWarning] = useState(false);

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
      onSignOut();
    },
    // The timer ignores activity while the warning is up; any activity clears the warning.
    onAction: (_event, idle) => {
      if (idle?.isPrompted()) idle.activate();
    },
  });

  const handleStay = () => timer.activate();

  return (
    <Dialog open={warning} onClose={handleStay} aria-labelledby="idle-warning-title" aria-describedby="idle-warning-body">
      <DialogTitle id="idle-warning-title">{s.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-body">{s.body}</DialogContentText>
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
