import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { titleCase } from '../../../components/text/display-name';
import { shellStrings as s } from '../strings';
import { AccountIcon } from './icons';

export interface UserMenuProps {
  username: string;
  /** The signed-in account's email, shown at the top of the menu. */
  email?: string;
  /** Beyond the spec: the signed-in user's own password; absent, no 'Change Password' item. */
  onChangePassword?: () => void;
  contactUrl: string;
  onLogOut(): void;
  /** Beyond the spec (issue 20): customer accounts' mail settings; absent, no 'Notifications' item. */
  onNotifications?: () => void;
  /** Beyond the spec (issue 30): a customer account's own calendar feed; absent, no 'Calendar feed' item. */
  onCalendarFeed?: () => void;
}

/** The username button with the account's email, 'Contact us' (the contact page in a new tab), 'Notifications' and 'Calendar feed' (customers), 'Change Password' and 'Log out'. */
export function UserMenu({ username, email, contactUrl, onLogOut, onNotifications, onCalendarFeed, onChangePassword }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleContact = () => {
    handleClose();
    window.open(contactUrl, '_blank', 'noopener,noreferrer');
  };
  const handleNotifications = () => {
    handleClose();
    onNotifications?.();
  };
  const handleCalendarFeed = () => {
    handleClose();
    onCalendarFeed?.();
  };
  const handleChangePassword = () => {
    handleClose();
    onChangePassword?.();
  };
  const handleLogOut = () => {
    handleClose();
    onLogOut();
  };
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<AccountIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={handleOpen}
        sx={{ textTransform: 'none' }}
      >
        {titleCase(username)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={handleClose} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {email && (
          <Typography component="li" role="none" variant="body2" data-testid="user-menu-email" sx={{ px: 2, py: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider', mb: 0.5 }}>
            {s.signedInAs(email)}
          </Typography>
        )}
        <MenuItem onClick={handleContact} aria-label={s.contactUsNewTab}>
          {s.contactUs}
        </MenuItem>
        {onNotifications && (
          <MenuItem onClick={handleNotifications} aria-haspopup="dialog">
            {s.notifications}
          </MenuItem>
        )}
        {onCalendarFeed && (
          <MenuItem onClick={handleCalendarFeed} aria-haspopup="dialog">
            {s.calendarFeed}
          </MenuItem>
        )}
        {onChangePassword && (
          <MenuItem onClick={handleChangePassword} aria-haspopup="dialog">
            {s.changePassword}
          </MenuItem>
        )}
        <MenuItem onClick={handleLogOut}>{s.logOut}</MenuItem>
      </Menu>
    </>
  );
}
