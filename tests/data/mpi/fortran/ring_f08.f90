! The project's Fortran MPI program through the `use mpi_f08` module (derived-type handles,
! optional ierror): the same calls as ring_mpifh.f90 (see there; keep the three alike).
program ring_f08
  use mpi_f08
  implicit none
  integer, parameter :: iterations = 5
  integer :: rank, nranks, i, left, right, total, value, token, got, mine, halfsum
  integer :: verdict, verdicts
  type(MPI_Comm) :: half
  type(MPI_Request) :: request, requests(2)
  type(MPI_Status) :: status
  logical :: ok

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks)
  right = mod(rank + 1, nranks)
  left = mod(rank + nranks - 1, nranks)
  ok = mod(nranks, 2) == 0
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half)

  do i = 1, iterations
    call MPI_Allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    ok = ok .and. total == nranks * (nranks - 1) / 2
    value = rank + i
    call MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD)
    ok = ok .and. value == nranks - 1 + i
    token = -1
    if (rank == 0) token = 100 + i
    call MPI_Bcast(token, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
    ok = ok .and. token == 100 + i
    mine = 1
    call MPI_Reduce(mine, total, 1, MPI_INTEGER, MPI_SUM, nranks - 1, MPI_COMM_WORLD)
    if (rank == nranks - 1) ok = ok .and. total == nranks

    if (mod(rank, 2) == 0) then
      mine = 10 * rank + i
      call MPI_Send(mine, 1, MPI_INTEGER, rank + 1, 7, MPI_COMM_WORLD)
    else
      call MPI_Recv(got, 1, MPI_INTEGER, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, status)
      ok = ok .and. got == 10 * (rank - 1) + i .and. status%MPI_SOURCE == rank - 1
    end if

    got = -1
    call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 8, got, 1, MPI_INTEGER, left, 8, &
                      MPI_COMM_WORLD, status)
    ok = ok .and. got == left .and. status%MPI_TAG == 8

    got = -1
    call MPI_Irecv(got, 1, MPI_INTEGER, left, 9, MPI_COMM_WORLD, requests(1))
    call MPI_Isend(rank, 1, MPI_INTEGER, right, 9, MPI_COMM_WORLD, requests(2))
    call MPI_Waitall(2, requests, MPI_STATUSES_IGNORE)
    ok = ok .and. got == left .and. requests(1) == MPI_REQUEST_NULL &
         .and. requests(2) == MPI_REQUEST_NULL

    call MPI_Iallreduce(i, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, request)
    call MPI_Wait(request, MPI_STATUS_IGNORE)
    ok = ok .and. total == nranks * i .and. request == MPI_REQUEST_NULL

    call MPI_Allreduce(1, halfsum, 1, MPI_INTEGER, MPI_SUM, half)
    ok = ok .and. halfsum == nranks / 2
    call MPI_Barrier(MPI_COMM_WORLD)
  end do

  verdict = merge(1, 0, ok)
  call MPI_Allreduce(verdict, verdicts, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD)
  call MPI_Comm_free(half)
  ok = half == MPI_COMM_NULL
  if (rank == 0) then
    if (verdicts == 1 .and. ok) then
      print '(a,i0,a,i0,a)', 'xylem fortran use mpi_f08: ', nranks, ' ranks, ', iterations, &
        ' iterations, every result right'
    else
      print '(a)', 'xylem fortran use mpi_f08: WRONG results'
    end if
  end if
  call MPI_Finalize()
end program ring_f08
