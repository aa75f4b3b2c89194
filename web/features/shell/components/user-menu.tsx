import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { titleCase } from '../../../components/text/display-name';
import { shellStrings as s } from '../strings';
import { AccountIcon } from './icons';

export interface UserMenuProps {
  username: string;
  contactUrl: string;
  onLogOut(): void;
  /** Beyond the spec (issue 20): customer accounts' mail settings; absent, no 'Notifications' item. */
  onNotifications?: () => void;
}

/** The username button with 'Contact us' (the contact page in a new tab), 'Notifications' (customers) and 'Log out'. */
export function UserMenu({ username, contactUrl, onLogOut, onNotifications }: UserMenuProps) {
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
        <MenuItem onClick={handleContact} aria-label={s.contactUsNewTab}>
          {s.contactUs}
        </MenuItem>
        {onNotifications && (
          <MenuItem onClick={handleNotifications} aria-haspopup="dialog">
            {s.notifications}
          </MenuItem>
        )}
        <MenuItem onClick={handleLogOut}>{s.logOut}</MenuItem>
      </Menu>
    </>
  );
}
