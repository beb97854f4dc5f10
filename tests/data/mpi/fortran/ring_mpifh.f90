! The project's Fortran MPI program with the oldest binding, include 'mpif.h' (tst_mpifortran
! records it under xylem-cli mpi and counts every call it makes). ring_usempi.f90 and
! ring_f08.f90 make the same calls through `use mpi` and `use mpi_f08`; keep the three alike.
! Per rank and iteration: Allreduce x2 (one MPI_IN_PLACE), Bcast, Reduce, Send or Recv (even
! ranks send to the next odd one), Sendrecv, Irecv + Isend + Waitall round the ring,
! Iallreduce + Wait, and on a communicator split in halves an Allreduce; then Barrier. Before
! the loop: Comm_split; after it: one Allreduce of the ranks' verdicts and Comm_free.
! Rank 0 prints one line; every result is checked so that a wrong conversion shows.
program ring_mpifh
  implicit none
  include 'mpif.h'
  integer, parameter :: iterations = 5
  integer :: ierr, rank, nranks, i, left, right, total, value, token, got, mine
  integer :: half, halfsum, request, requests(2), status(MPI_STATUS_SIZE), verdict, verdicts
  logical :: ok

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  right = mod(rank + 1, nranks)
  left = mod(rank + nranks - 1, nranks)
  ok = mod(nranks, 2) == 0
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)

  do i = 1, iterations
    call MPI_Allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    ok = ok .and. total == nranks * (nranks - 1) / 2
    value = rank + i
    call MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
    ok = ok .and. value == nranks - 1 + i
    token = -1
    if (rank == 0) token = 100 + i
    call MPI_Bcast(token, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    ok = ok .and. token == 100 + i
    mine = 1
    call MPI_Reduce(mine, total, 1, MPI_INTEGER, MPI_SUM, nranks - 1, MPI_COMM_WORLD, ierr)
    if (rank == nranks - 1) ok = ok .and. total == nranks

    if (mod(rank, 2) == 0) then
      mine = 10 * rank + i
      call MPI_Send(mine, 1, MPI_INTEGER, rank + 1, 7, MPI_COMM_WORLD, ierr)
    else
      call MPI_Recv(got, 1, MPI_INTEGER, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, status, ierr)
      ok = ok .and. got == 10 * (rank - 1) + i .and. status(MPI_SOURCE) == rank - 1
    end if

    got = -1
    call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 8, got, 1, MPI_INTEGER, left, 8, &
                      MPI_COMM_WORLD, status, ierr)
    ok = ok .and. got == left .and. status(MPI_TAG) == 8

    got = -1
    call MPI_Irecv(got, 1, MPI_INTEGER, left, 9, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_Isend(rank, 1, MPI_INTEGER, right, 9, MPI_COMM_WORLD, requests(2), ierr)
    call MPI_Waitall(2, requests, MPI_STATUSES_IGNORE, ierr)
    ok = ok .and. got == left .and. all(requests == MPI_REQUEST_NULL)

    call MPI_Iallreduce(i, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, request, ierr)
    call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
    ok = ok .and. total == nranks * i .and. request == MPI_REQUEST_NULL

    call MPI_Allreduce(1, halfsum, 1, MPI_INTEGER, MPI_SUM, half, ierr)
    ok = ok .and. halfsum == nranks / 2
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do

  verdict = merge(1, 0, ok)
  call MPI_Allreduce(verdict, verdicts, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  call MPI_Comm_free(half, ierr)
  ok = half == MPI_COMM_NULL
  if (rank == 0) then
    if (verdicts == 1 .and. ok) then
      print '(a,i0,a,i0,a)', 'xylem fortran mpif.h: ', nranks, ' ranks, ', iterations, &
        ' iterations, every result right'
    else
      print '(a)', 'xylem fortran mpif.h: WRONG results'
    end if
  end if
  call MPI_Finalize(ierr)
end program ring_mpifh
