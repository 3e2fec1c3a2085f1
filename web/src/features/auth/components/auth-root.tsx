import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { startAuth } from '../auth';
import { LoginModalHost } from './login-modal';

/** Mounted once at the root of the route tree: starts sign-in for the app and hosts the login modal. */
export function AuthRoot() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  useEffect(() => startAuth({ queryClient, navigate: (path) => void navigateRef.current(path) }), [queryClient]);
  return <LoginModalHost />;
}
