import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { titleCase } from '../../../components/text/display-name';
import { shellStrings as s } from '../strings';
import { AccountIcon } from './icons';

/** The username button with 'Contact us' (the contact page in a new tab) and 'Log out'. */
export function UserMenu({ username, contactUrl, onLogOut }: { username: string; contactUrl: string; onLogOut(): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleContact = () => {
    handleClose();
    window.open(contactUrl, '_blank', 'noopener,noreferrer');
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
        <MenuItem onClick={handleLogOut}>{s.logOut}</MenuItem>
      </Menu>
    </>
  );
}
