import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { shellStrings as s } from '../strings';
import { HomeIcon } from './icons';
import { UserMenu } from './user-menu';

export interface AppHeaderProps {
  reportName: string;
  customerText: string;
  username: string;
  /** The signed-in account's email (the user menu shows it). */
  email?: string;
  /** Beyond the spec: the user menu's Change Password. */
  onChangePassword?: () => void;
  contactUrl: string;
  isAdmin: boolean;
  /** The administrator's 'Select User View' control, composed in by the home screen. */
  viewAsControl?: ReactNode;
  /** Further actions before the user menu (service requests), composed in by the home screen. */
  actions?: ReactNode;
  onHome(): void;
  onLogOut(): void;
  onAddUser(): void;
  onEditUser(): void;
  /** The administrators' user list (beyond the spec). */
  onUsers(): void;
  /** Beyond the spec (issue 20): the user menu's 'Notifications' (customer accounts only; absent for staff). */
  onNotifications?: () => void;
  /** Beyond the spec (issue 30): the user menu's 'Calendar feed' (customer accounts only; absent for staff). */
  onCalendarFeed?: () => void;
}

/** Home button, current report name, customer names, administrator controls and the user menu. */
export function AppHeader(props: AppHeaderProps) {
  return (
    <AppBar position="sticky" color="default" elevation={1} component="header">
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
        <Tooltip title={s.homeTitle}>
          <IconButton edge="start" aria-label={s.home} onClick={props.onHome} color="primary">
            <HomeIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography component="h1" variant="h6" noWrap sx={{ fontWeight: 600 }}>
            {props.reportName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap data-testid="header-customers" title={props.customerText}>
            {props.customerText}
          </Typography>
        </Box>
        {props.isAdmin && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Button variant="outlined" onClick={props.onAddUser}>
              {s.addUser}
            </Button>
            {props.viewAsControl}
            <Button variant="outlined" onClick={props.onEditUser}>
              {s.editUser}
            </Button>
            {/* Beyond the spec: the list is where users are administered; the hint says so (a description, so the name stays 'Users'). */}
            <Tooltip title={s.usersHint} describeChild>
              <Button variant="outlined" onClick={props.onUsers} aria-haspopup="dialog">
                {s.users}
              </Button>
            </Tooltip>
          </Box>
        )}
        {props.actions}
        <UserMenu
          username={props.username}
          email={props.email}
          contactUrl={props.contactUrl}
          onLogOut={props.onLogOut}
          onNotifications={props.onNotifications}
          onCalendarFeed={props.onCalendarFeed}
          onChangePassword={props.onChangePassword}
        />
      </Toolbar>
    </AppBar>
  );
}
